import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { Logger } from '@nestjs/common';
import { PRIVATE } from './cache-control';
import type { FixedHeaders } from './fixed-headers';
import { REQUEST_ID_HEADER } from './request-id.middleware';

const logger = new Logger('HttpServer');

/** What Node answers a request it could not parse or that took too long, before Express sees it. */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

const DETAILS: Record<number, string> = {
  400: 'Malformed HTTP request',
  408: 'Request not received in time',
  431: 'Request headers too large',
};

/**
 * An answer written to the socket itself, as the service's other errors look: a JSON `{ detail }`,
 * the headers every answer carries (helmet's and CORS's), and an X-Request-Id (always a fresh one:
 * the request's own headers were not read, or not trusted). The connection closes after it.
 */
function answerOnSocket(socket: Duplex, status: number, detail: string, fixedHeaders: FixedHeaders, event: object): void {
  const requestId = randomUUID();
  const body = JSON.stringify({ detail });
  logger.log({ ...event, requestId, status });
  const headers = [
    ...fixedHeaders,
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Cache-Control', PRIVATE],
    [REQUEST_ID_HEADER, requestId],
    ['Connection', 'close'],
  ];
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`,
  );
}

/** Node's 'clientError': a request it could not parse (400, 431) or that did not arrive in time (408). */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, fixedHeaders: FixedHeaders): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOf(error.code);
  answerOnSocket(socket, status, DETAILS[status], fixedHeaders, { event: 'client_error', code: error.code });
}

/** Node's 'connect': this service is no proxy, and a CONNECT gets an answer, not a silently closed socket. */
export function answerConnect(_request: IncomingMessage, socket: Duplex, fixedHeaders: FixedHeaders): void {
  answerOnSocket(socket, 405, 'CONNECT is not supported', fixedHeaders, { event: 'connect_refused' });
}
