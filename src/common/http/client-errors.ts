import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
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
 * Node's 'clientError' answer, as the service's other errors look: a JSON `{ detail }` and an
 * X-Request-Id (always a fresh one: the request's own headers were not read). The connection
 * closes after it; a socket that can no longer be written to is just closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOf(error.code);
  const requestId = randomUUID();
  const body = JSON.stringify({ detail: DETAILS[status] });
  logger.log({ event: 'client_error', requestId, status, code: error.code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
