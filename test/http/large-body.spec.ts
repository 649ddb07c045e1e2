import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { ADMIN_TOKEN, apiClient } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import type { TestApp } from '@test/support/test-app';

const FIVE_MB = 5 * 1024 * 1024;

/** An upload over a raw socket, sent in parts, whose answer is read as it comes. */
class Upload {
  private received = '';
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => (this.received += chunk.toString()));
  }

  static open(port: number, method: string, path: string, headers: Record<string, string | number>): Upload {
    const socket = connect(port, '127.0.0.1');
    const head = Object.entries({ Host: 'localhost', 'Content-Type': 'application/json', ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n\r\n`);
    return new Upload(socket);
  }

  send(bytes: string | Buffer): this {
    this.socket.write(bytes);
    return this;
  }

  /** The status of the answer once one has come, or undefined after `withinMs`. */
  async status(withinMs = 2_000): Promise<number | undefined> {
    const deadline = Date.now() + withinMs;
    while (!/^HTTP\/1\.1 \d{3}/.test(this.received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return /^HTTP\/1\.1 (\d{3})/.exec(this.received)?.[1] === undefined ? undefined : Number(/^HTTP\/1\.1 (\d{3})/.exec(this.received)![1]);
  }

  /** The status of every answer that came. */
  answers(): number[] {
    return [...this.received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map(([, status]) => Number(status));
  }

  body(): unknown {
    return JSON.parse(this.received.slice(this.received.indexOf('\r\n\r\n') + 4));
  }

  close(): void {
    this.socket.destroy();
  }
}

describe('the large body of PUT /api/admin/content (audit, round three, item 1)', () => {
  let onDatabase: AppOnDatabase;
  let testApp: TestApp;
  let port: number;
  let document: string;

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' });
    ({ testApp } = onDatabase);
    const server = testApp.app.getHttpServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    document = JSON.stringify((await apiClient(testApp)('get', '/api/admin/content')).body);
  });
  afterAll(async () => {
    await onDatabase.close();
  });

  const open = (headers: Record<string, string | number>, method = 'PUT', path = '/api/admin/content') =>
    Upload.open(port, method, path, { 'Content-Length': FIVE_MB - 1, ...headers });

  it('answers 401 without a credential before a byte of the body has come', async () => {
    const upload = open({});
    expect(await upload.status()).toBe(401);
    upload.close();
  });

  it('answers 429 to a client locked out by the failed-credential limit, before its body has come, even with the right token', async () => {
    for (let i = 0; i < 10; i += 1)
      await request(testApp.server)
        .get('/api/admin/content')
        .set('X-Forwarded-For', '203.0.113.90')
        .set('Authorization', `Bearer wrong-${i}`)
        .expect(401);
    const upload = open({ Authorization: `Bearer ${ADMIN_TOKEN}`, 'X-Forwarded-For': '203.0.113.90' });
    expect(await upload.status()).toBe(429);
    upload.close();
  });

  it.each(['/API/ADMIN/CONTENT', '/api/admin/content/', '/Api/Admin/Content/'])(
    'reaches the import as %s, as routing does, with the same limits: 5 MB, read after the credential, never inflated',
    async (path) => {
      const padded = JSON.stringify({ ...(JSON.parse(document) as object), padding: 'x'.repeat(200 * 1024) });
      const put = () => request(testApp.server).put(path).set('Content-Type', 'application/json');
      await put().send(padded).expect(401);
      await put().set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(padded).expect(200);
      await put().set('Authorization', `Bearer ${ADMIN_TOKEN}`).set('Content-Encoding', 'gzip').send(gzipSync(padded)).expect(415);
    },
  );

  it('answers a body announced over its route’s limit 413 at once, before any of it comes', async () => {
    for (const [path, limit] of [
      ['/api/admin/content', '5 MB'],
      ['/api/profile', '100 KB'],
    ]) {
      const upload = open({ Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Length': FIVE_MB + 1 }, 'PUT', path);
      expect(await upload.status()).toBe(413);
      expect(upload.body()).toEqual({ detail: `Request body exceeds the ${limit} limit` });
      upload.close();
    }
  });

  it('answers a request once: one answered before its body came gets no later 408 when the rest is late', async () => {
    const server = testApp.app.getHttpServer();
    server.requestTimeout = 1_000;
    server.headersTimeout = 1_000;
    try {
      const upload = Upload.open(port, 'PUT', '/api/admin/content', { 'Transfer-Encoding': 'chunked' }).send('b\r\n{"version":\r\n');
      expect(await upload.status()).toBe(401);
      // A slow client: a part every 200 ms, until well past the 1 s request time-out.
      for (let part = 0; part < 12; part += 1) {
        upload.send(`400\r\n${' '.repeat(1024)}\r\n`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(upload.answers()).toEqual([401]);
      upload.close();
    } finally {
      server.requestTimeout = 30_000;
      server.headersTimeout = 10_000;
    }
  });

  it.each([
    ['POST', '/api/admin/content'],
    ['PATCH', '/api/admin/content'],
    ['PUT', '/api/admin/content/extra'],
  ])('reads %s %s as every other body: 100 KB at most', async (method, path) => {
    const response = await request(testApp.server)
      [method.toLowerCase() as 'post'](path)
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(200 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body exceeds the 100 KB limit' });
  });

  it('takes no Content-Encoding but identity: a gzip body is 415 and is never inflated', async () => {
    const bomb = gzipSync(Buffer.alloc(FIVE_MB - 1, ' '));
    const response = await request(testApp.server)
      .put('/api/admin/content')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(bomb);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ detail: 'Content-Encoding gzip is not accepted here: send the body as it is' });
    const identity = await request(testApp.server)
      .put('/api/admin/content')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'identity')
      .send(document);
    expect(identity.status).toBe(200);
  });

  it('reads at most two such bodies at once: a third waits until one of them is done', async () => {
    const length = Buffer.byteLength(document);
    const asAdmin = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Length': length };
    const server = testApp.app.getHttpServer();
    const arrived: IncomingMessage[] = [];
    const keep = (request: IncomingMessage) => arrived.push(request);
    server.prependListener('request', keep);
    const [first, second] = [open(asAdmin).send(document.slice(0, 10)), open(asAdmin).send(document.slice(0, 10))];
    // Both bodies are being read once their streams flow.
    await vi.waitFor(() => expect(arrived.filter((request) => request.readableFlowing).length).toBe(2));
    server.off('request', keep);
    const third = open(asAdmin).send(document);
    expect(await third.status(500)).toBeUndefined();
    first.send(document.slice(10));
    expect(await first.status()).toBe(200);
    expect(await third.status()).toBe(200);
    expect(third.body()).toMatchObject({ profile: 1 });
    second.send(document.slice(10));
    expect(await second.status()).toBe(200);
    for (const upload of [first, second, third]) upload.close();
  });
});
