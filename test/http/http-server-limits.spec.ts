import { once } from 'node:events';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { Logger } from '@nestjs/common';
import { answerClientError } from '@/common/http/client-errors';
import { drainConnections, trackConnections } from '@/common/http/graceful-shutdown';
import { createTestApp, type TestApp } from '@test/support/test-app';

/** What every answer of the service carries, Node's own included (audit, round three). */
const SECURITY_HEADERS = {
  'content-security-policy': expect.stringContaining("default-src 'self'"),
  'x-content-type-options': 'nosniff',
  'strict-transport-security': expect.any(String),
  'x-frame-options': 'SAMEORIGIN',
  'access-control-allow-origin': '*',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Sends raw bytes and answers everything the server wrote until it closed the connection. */
async function rawExchange(port: number, bytes: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.write(bytes);
  await once(socket, 'close');
  return received;
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...headers] = head.split('\r\n');
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: Object.fromEntries(headers.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)])),
    body: JSON.parse(body) as unknown,
  };
}

describe("the HTTP server's own limits", () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp();
    const server = testApp.app.getHttpServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => testApp.close());

  it('bounds slow clients: headers within 10 s, the whole request within 30 s, checked every second', () => {
    const server = testApp.app.getHttpServer();
    expect([server.headersTimeout, server.requestTimeout]).toEqual([10_000, 30_000]);
  });

  it.each([
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n', 400, 'Malformed HTTP request'],
    ['a header that breaks the syntax', 'GET /api/projects HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400, 'Malformed HTTP request'],
    [
      'headers over 16 KB',
      `GET /api/projects HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'Request headers too large',
    ],
  ])('answers %s as JSON with a request id', async (_, bytes, status, detail) => {
    const answer = parse(await rawExchange(port, bytes));
    expect(answer).toEqual({
      status,
      headers: expect.objectContaining({ 'content-type': 'application/json; charset=utf-8', connection: 'close', ...SECURITY_HEADERS }),
      body: { detail },
    });
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });

  it('answers CONNECT with 405 as JSON, with the same headers, instead of dropping the connection', async () => {
    const answer = parse(await rawExchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
    expect(answer).toEqual({
      status: 405,
      headers: expect.objectContaining({ 'content-type': 'application/json; charset=utf-8', connection: 'close', ...SECURITY_HEADERS }),
      body: { detail: 'CONNECT is not supported' },
    });
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });
});

describe('a request not received in time', () => {
  it('is answered 408 as JSON with a request id, by the same handler', async () => {
    const server = createServer({ headersTimeout: 200, requestTimeout: 300, connectionsCheckingInterval: 50 }, () => undefined);
    server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, [['X-Content-Type-Options', 'nosniff']]));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const answer = parse(await rawExchange((server.address() as AddressInfo).port, 'GET / HTTP/1.1\r\nHost: x\r\n'));
      expect(answer).toMatchObject({
        status: 408,
        headers: { 'x-content-type-options': 'nosniff' },
        body: { detail: 'Request not received in time' },
      });
      expect(answer.headers['x-request-id']).toMatch(UUID);
    } finally {
      server.close();
    }
  });
});

describe('draining connections on shutdown', () => {
  let server: Server;
  let connections: ReturnType<typeof trackConnections>;
  let port: number;
  const logger = new Logger('test');
  beforeEach(async () => {
    server = createServer((request, response) => {
      const delay = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
      setTimeout(() => response.end('done'), delay);
    });
    connections = trackConnections(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  const get = (path: string, agent: Agent) =>
    new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
      httpRequest({ port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ body, connection: response.headers.connection }));
      })
        .on('error', reject)
        .end();
    });

  it('closes idle keep-alive connections at once and lets a request being answered finish', async () => {
    const idle = new Agent({ keepAlive: true });
    const busy = new Agent({ keepAlive: true });
    await get('/', idle);
    const arrived = once(server, 'request');
    const inFlight = get('/?delay=300', busy);
    await arrived;
    const startedAt = Date.now();
    const drained = drainConnections(server, connections, 5_000, logger);
    expect(await inFlight).toEqual({ body: 'done', connection: 'close' });
    await drained;
    // Drained once the busy connection went idle: neither the keep-alive time-out (5 s) nor the grace was waited out.
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('closes a connection whose client is still sending headers at once', async () => {
    const accepted = once(server, 'connection');
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined); // the server's close may reach it as a reset
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n'); // never finished
    await accepted;
    const closed = once(socket, 'close');
    await drainConnections(server, connections, 5_000, logger);
    await closed;
  });

  it('cuts a request still being answered when the grace is over', async () => {
    const arrived = once(server, 'request');
    const stuck = get('/?delay=60000', new Agent()).catch((error: Error) => error.message);
    await arrived;
    await drainConnections(server, connections, 300, logger);
    expect(await stuck).toBe('socket hang up');
  });
});
