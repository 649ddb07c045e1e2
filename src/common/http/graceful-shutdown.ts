import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type INestApplication, Logger } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { endLog, LOG_DESTINATION } from '@/common/logging/root-logger';

/** The shutdown hooks (pools, Redis, the browser) get this long after the requests; a hook that hangs must not keep the process up. */
const HOOKS_GRACE_MS = 10_000;
/** How often connections whose last answer went out during the drain are closed. */
const SWEEP_MS = 100;

/**
 * On SIGTERM or SIGINT the service stops accepting connections, closes every connection that is
 * not being answered (idle keep-alive connections, and clients still sending headers) and gives
 * the requests being answered `graceMs` (SHUTDOWN_GRACE_MS: longer than the mail time-outs, so a
 * contact mail under way is never cut off; their answers say `Connection: close`); then it
 * closes whatever is left, runs the shutdown hooks and exits 0. Each step is logged. A second
 * signal ends the process at once.
 */
export function stopGracefullyOn(signals: NodeJS.Signals[], app: INestApplication, graceMs: number): void {
  const logger = new Logger('Shutdown');
  const server = app.getHttpServer() as Server;
  const connections = trackConnections(server);
  const log = app.get<DestinationStream>(LOG_DESTINATION);
  const exit = async (code: number) => {
    await endLog(log);
    process.exit(code);
  };
  const stop = async (signal: NodeJS.Signals) => {
    logger.log({ event: 'stopping', signal, graceMs });
    await drainConnections(server, connections, graceMs, logger);
    setTimeout(() => {
      logger.error({ event: 'shutdown_hooks_timed_out', afterMs: HOOKS_GRACE_MS });
      void exit(1);
    }, HOOKS_GRACE_MS).unref();
    await app.close();
    logger.log({ event: 'stopped' });
    await exit(0);
  };
  for (const signal of signals) process.once(signal, (received: NodeJS.Signals) => void stop(received));
}

/** The server's open connections, kept up to date as they open and close. */
export function trackConnections(server: Server): Set<Socket> {
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  return connections;
}

/** Node attaches the response to its socket while a request is being answered, and detaches it once the answer is out. */
const answerOn = (socket: Socket): ServerResponse | null =>
  (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;

/**
 * Stops accepting and resolves once every connection is closed: at once for those not being
 * answered, after its answer for each of the others, and for all that are left once the grace is over.
 * (Node stops enforcing its header and request time-outs once the server closes: a client still
 * sending could otherwise hold the drain for the whole grace.)
 */
export async function drainConnections(server: Server, connections: Set<Socket>, graceMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const closeUnanswered = () => {
    for (const socket of connections) {
      const answer = answerOn(socket);
      if (answer) answer.shouldKeepAlive = false;
      else socket.destroy();
    }
  };
  closeUnanswered();
  const sweep = setInterval(closeUnanswered, SWEEP_MS);
  const deadline = setTimeout(() => {
    logger.warn({ event: 'requests_cut_short', graceMs });
    for (const socket of connections) socket.destroy();
  }, graceMs);
  await closed;
  clearInterval(sweep);
  clearTimeout(deadline);
}
