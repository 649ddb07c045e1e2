import { type EventEmitter, once } from 'node:events';
import { type DestinationStream, destination as pinoDestination, type Logger, pino } from 'pino';
import type { AppConfig } from '@/config/app.config';

/** The pino logger Nest's logs go through. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** The pino logger of request lines: the same destination and level, without redaction. */
export const REQUEST_LOGGER = Symbol('REQUEST_LOGGER');

/** Where log lines go: stdout unless a spec provides its own destination. */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');

/** Request lines carry no headers or bodies; these fields are redacted wherever else they might be logged. */
const REDACTED_PATHS = ['password', 'token', 'accessToken', 'clientSecret', 'secret'].flatMap((key) => [key, `*.${key}`]);

/**
 * The most one write takes. sonic-boom's default, 16 KB, is less than a busy spell's lines arriving
 * while one write is under way: the rest waited for more writes, one an event-loop turn, long enough
 * to outlive two young-generation collections and be copied into the old generation, which grew
 * with them. Everything waiting now goes in the next write.
 */
export const LARGEST_WRITE_BYTES = 1_048_576;

/** Asynchronous writes (to stdout unless `dest` says where): a request never waits for its log line to be written. */
export const logDestination = (dest: number | string = 1): ReturnType<typeof pinoDestination> =>
  pinoDestination({ dest, sync: false, maxWrite: LARGEST_WRITE_BYTES });

/** How long the last lines may take to be written before the process exits anyway. */
const LAST_WRITE_MS = 2_000;

/**
 * Writes every line still on its way, in order, before the process exits. (pino's own exit hook
 * writes the buffer synchronously, which can overtake a write already under way: `stopped` would
 * reach the log before `stopping`.) A destination that is not pino's is left as it is.
 */
export async function endLog(destination: DestinationStream): Promise<void> {
  const stream = destination as DestinationStream & Partial<EventEmitter> & { end?: () => void; destroyed?: boolean };
  if (typeof stream.end !== 'function' || typeof stream.once !== 'function' || stream.destroyed) return;
  const closed = once(stream as EventEmitter, 'close', { signal: AbortSignal.timeout(LAST_WRITE_MS) }).catch(() => undefined);
  stream.end();
  await closed;
}

export function createRootLogger(config: Pick<AppConfig, 'logLevel'>, destination: DestinationStream): Logger {
  return pino({ level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}

/**
 * Request lines are made of the request's id, method and path, its route, status and duration,
 * and nothing else, so there is nothing to redact in them: redaction walked every line's fields
 * and cost an eighth of a public read.
 */
export function createRequestLogger(config: Pick<AppConfig, 'logLevel'>, destination: DestinationStream): Logger {
  return pino({ level: config.logLevel }, destination);
}
