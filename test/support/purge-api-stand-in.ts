import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** A purge request as the stand-in received it. */
export interface ReceivedPurge {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the stand-in answers a request: a status, headers and a JSON body, as the API's documentation shows them. */
export type PurgeAnswer = (request: ReceivedPurge) => { status: number; headers?: Record<string, string>; body?: unknown };

/**
 * A local stand-in for a CDN's purge API (Cloudflare, Fastly, Azure Resource Manager and Entra ID's
 * token endpoint): it records every request and answers as `answer` says, or 503 while told to fail.
 */
export class PurgeApiStandIn {
  readonly received: ReceivedPurge[] = [];
  private failures = 0;
  private readonly server: Server;
  origin = '';

  private constructor(answer: PurgeAnswer) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { method: request.method!, path: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString() };
        this.received.push(received);
        if (this.failures > 0) {
          this.failures -= 1;
          response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
          return;
        }
        const { status, headers = {}, body } = answer(received);
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body === undefined ? '' : JSON.stringify(body));
      });
    });
  }

  static async start(answer: PurgeAnswer): Promise<PurgeApiStandIn> {
    const standIn = new PurgeApiStandIn(answer);
    standIn.server.listen(0, '127.0.0.1');
    await once(standIn.server, 'listening');
    standIn.origin = `http://127.0.0.1:${(standIn.server.address() as { port: number }).port}`;
    return standIn;
  }

  /** The next `count` requests answer 503. */
  failNext(count: number): void {
    this.failures = count;
  }

  /** The requests received that match. */
  purges(matching: (request: ReceivedPurge) => boolean = () => true): ReceivedPurge[] {
    return this.received.filter(matching);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}

export const FASTLY_SERVICE = 'SU1Z0isxPaozGVKXdv0eY';

/** Fastly's bulk purge answer to its token: each key with its purge id (its API reference). */
export const fastlyAnswer: PurgeAnswer = (purge) =>
  purge.path === `/service/${FASTLY_SERVICE}/purge` && purge.headers['fastly-key'] === 'fastly-token'
    ? {
        status: 200,
        body: Object.fromEntries(
          String(purge.headers['surrogate-key'])
            .split(' ')
            .map((key, index) => [key, `108-${index}`]),
        ),
      }
    : { status: 401, body: { msg: 'Provided credentials are missing or invalid' } };

/** The environment that purges through Fastly's API at this stand-in. */
export const purgedByFastlyAt = (standIn: PurgeApiStandIn) => ({
  CDN_PURGE: 'fastly',
  CDN_PURGE_URL: standIn.origin,
  FASTLY_SERVICE_ID: FASTLY_SERVICE,
  FASTLY_API_TOKEN: 'fastly-token',
});

/** The surrogate keys a Fastly purge named, sorted. */
export const keysOf = (purge: ReceivedPurge): string[] => String(purge.headers['surrogate-key']).split(' ').sort();
