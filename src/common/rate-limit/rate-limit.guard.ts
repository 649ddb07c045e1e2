import { type ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { clientKey } from '@/common/http/client-address';
import { HandlerFlag } from '@/common/metadata/handler-flag';
import { RATE_LIMITED } from './rate-limit.decorator';

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
    return `${context.getClass().name}.${context.getHandler().name}:${throttler}:${tracker}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new HttpException({ detail: 'Rate limit exceeded' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
