import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** Longest a command may take before its caller falls back or answers 503. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * A client that never queues or hangs: while Redis is down every command fails at once, a
 * command Redis does not answer fails after COMMAND_TIMEOUT_MS, and the client keeps
 * reconnecting in the background. Each outage is logged once, and so is the recovery. ioredis is
 * loaded here, so a service without REDIS_URL never loads it.
 */
export async function connectRedis(url: string, logger = new Logger('Redis')): Promise<Redis> {
  const { Redis: Client } = await import('ioredis');
  const redis = new Client(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  let reachable = true;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    logger.warn({ event: 'redis_unavailable', error: error.message });
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    logger.log({ event: 'redis_available' });
  });
  // A Redis that is down at start-up is not fatal: the client goes on reconnecting.
  await redis.connect().catch(() => undefined);
  return redis;
}
