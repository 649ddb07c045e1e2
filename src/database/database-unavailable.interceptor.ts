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

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
}

/** Duck-typed: socket errors from Node's core are not always instances of this realm's Error. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, driverError } = error as ErrorLike;
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(driverError);
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
