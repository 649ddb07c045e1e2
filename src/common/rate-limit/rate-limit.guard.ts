import { type ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { clientKey } from '@/common/http/client-address';
import { HandlerFlag } from '@/common/metadata/handler-flag';
import { USUAL_DETAILS } from '@/common/openapi/operation.decorator';
import { RATE_LIMITED } from './rate-limit.decorator';

/** How a limited route is named in its counters' keys: `ProjectsController.findAll`. */
export const handlerName = (controller: { name: string }, handler: { name: string }): string => `${controller.name}.${handler.name}`;

/** The key a client's hits on a route are counted under: the guard's, and the public-read edge's. */
export const rateLimitKey = (handler: string, client: string, throttler = 'default'): string => `${handler}:${throttler}:${client}`;

/** The body of every 429, the documented detail: the guard's, the failed-credential limit's, the public-read edge's. */
export const RATE_LIMITED_BODY = { detail: USUAL_DETAILS[429] };

export const rateLimitExceeded = (): HttpException => new HttpException(RATE_LIMITED_BODY, HttpStatus.TOO_MANY_REQUESTS);

/**
 * The throttler's guard, with the service's rules: only routes that declare @RateLimit() are
 * counted; the key is a plain string (the stock guard hashes it with SHA-256 on every request);
 * and the 429 carries the service's own body. The client is its normalised address (clientKey).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  private readonly rateLimited = new HandlerFlag(this.reflector, RATE_LIMITED);

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return !this.rateLimited.isSetOn(context);
  }

  protected override async getTracker(req: { ip?: string }): Promise<string> {
    return clientKey(req.ip);
  }

  protected override generateKey(context: ExecutionContext, tracker: string, throttler: string): string {
    return rateLimitKey(handlerName(context.getClass(), context.getHandler()), tracker, throttler);
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw rateLimitExceeded();
  }
}
