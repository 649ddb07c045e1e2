import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;
}

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
