import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  ServiceUnavailableException,
} from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';

/** Socket errors, PostgreSQL's connection-exception class (08) and operator-intervention class (57). */
const UNAVAILABLE_CODES = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|08\w{3}|57\w{3})$/;
const UNAVAILABLE_MESSAGES = /connection terminated|timeout exceeded when trying to connect|query read timeout|connection timeout/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, driverError } = error as Error & { code?: unknown; driverError?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  return driverError instanceof Error && isDatabaseUnavailable(driverError);
}

/** A database that went away answers 503 at once; the pool reconnects when it returns. */
@Injectable()
export class DatabaseUnavailableInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) =>
        throwError(() =>
          isDatabaseUnavailable(error)
            ? new ServiceUnavailableException({ detail: 'The database is unavailable; try again shortly' })
            : error,
        ),
      ),
    );
  }
}
