/**
 * Socket errors, and the PostgreSQL conditions under which no query can succeed now: connection
 * exceptions (08), rejected credentials (28), a missing database (3D000), insufficient resources
 * such as too many connections (53300), operator intervention such as a shutdown (57P01), and a
 * server that became read-only mid-failover (25006).
 */
const UNAVAILABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|08\w{3}|28\w{3}|3D000|53\w{3}|57\w{3}|25006)$/;
const UNAVAILABLE_MESSAGES = /connection terminated|timeout exceeded when trying to connect|query read timeout|connection timeout/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
}

/** What made an error count as unavailability (its code, or the driver message), for the log; undefined when nothing did. */
export function unavailabilityReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, driverError } = error as ErrorLike;
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return code;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return message;
  return unavailabilityReason(driverError);
}

/**
 * Whether an error means the database cannot serve now, rather than that it refused a query: the
 * error filter answers such a failure 503. Duck-typed (a driver error may sit inside TypeORM's
 * QueryFailedError), and socket errors from Node.js are not always this realm's Error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailabilityReason(error) !== undefined;
}
