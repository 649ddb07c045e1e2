import { type ExecutionContext, Logger, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Principal } from '@/auth/principal';
import { NotAnEntraToken } from '@/auth/strategies/entra-signing-keys';

const logger = new Logger('AdminCredentials');

/** 401 with the RFC 6750 challenge; the detail never says why a credential failed. */
export function challenge(context: ExecutionContext, detail: string, header: string): never {
  context.switchToHttp().getResponse<Response>().setHeader('WWW-Authenticate', header);
  throw new UnauthorizedException({ detail });
}

/**
 * What a passport guard makes of the strategies' answers: a strategy's error (403 for a valid
 * credential without admin rights, 503 when membership cannot be checked) stands; a principal
 * passes; anything else is 401, with the strategies' reasons in the log only.
 */
export function principalOrChallenge(
  error: unknown,
  principal: Principal | false | null | undefined,
  failures: unknown,
  context: ExecutionContext,
): Principal {
  if (error instanceof Error) throw error;
  if (principal) return principal;
  const reasons = [failures]
    .flat()
    .filter((failure): failure is Error => failure instanceof Error && !(failure instanceof NotAnEntraToken))
    .map((failure) => failure.message);
  if (reasons.length > 0)
    logger.warn({ event: 'jwt_rejected', requestId: context.switchToHttp().getRequest<Request>().requestId, reasons });
  challenge(context, 'Invalid or expired credentials', 'Bearer error="invalid_token"');
}
