/** Socket errors, PostgreSQL's connection-exception class (08) and operator-intervention class (57). */
const UNAVAILABLE_CODES = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|08\w{3}|57\w{3})$/;
const UNAVAILABLE_MESSAGES = /connection terminated|timeout exceeded when trying to connect|query read timeout|connection timeout/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
}

/**
 * Whether an error means the database cannot serve now, rather than that it refused a query: the
 * error filter answers such a failure 503. Duck-typed (a driver error may sit inside TypeORM's
 * QueryFailedError), and socket errors from Node.js are not always this realm's Error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, driverError } = error as ErrorLike;
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(driverError);
}
