import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { LINGER_BYTES, LINGER_MS } from '@/common/http/early-answers';
import { ADMIN_TOKEN, apiClient } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { MINIMAL_PDF } from '@test/support/pdf-text';
import type { TestApp } from '@test/support/test-app';

const FIVE_MB = 5 * 1024 * 1024;

/** An upload over a raw socket, sent in parts, whose answer is read as it comes. */
class Upload {
  private received = '';
  /** The connection is gone (closed by the server, or reset). */
  closed = false;
  /** Whether the last send went to the socket at once (false: wait for `drained`). */
  flushed = true;
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => (this.received += chunk.toString()));
    socket.on('error', () => undefined).on('close', () => (this.closed = true));
  }

  drained(): Promise<void> {
    return new Promise((resolve) => {
      this.socket.once('drain', resolve);
      this.socket.once('close', resolve);
    });
  }

  static open(port: number, method: string, path: string, headers: Record<string, string | number>): Upload {
    // Half open, as a client still uploading is: the server's end of its answer does not end the upload.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const head = Object.entries({ Host: 'localhost', 'Content-Type': 'application/json', ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n\r\n`);
    return new Upload(socket);
  }

  send(bytes: string | Buffer): this {
    if (!this.closed) this.flushed = this.socket.write(bytes);
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

/** What a client that writes its whole request at once, as fast as it is taken, reads back, and whether its writes failed. */
function uploadAtOnce(port: number, head: string, body: Buffer): Promise<{ received: string; error: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
    socket.on('close', () => resolve({ received, error }));
    socket.write(head);
    const CHUNK = 64 * 1024;
    let at = 0;
    const pump = () => {
      while (at < body.length && !socket.destroyed) {
        const more = socket.write(body.subarray(at, (at += CHUNK)));
        if (!more) return void socket.once('drain', pump);
      }
      socket.end();
    };
    pump();
  });
}

describe('early answers, closed in stages (RFC 9112 9.6)', () => {
  let onDatabase: AppOnDatabase;
  let port: number;
  const head = (method: string, path: string, headers: Record<string, string | number>) =>
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    const server = onDatabase.testApp.app.getHttpServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => onDatabase.close());

  it.each([
    ['PUT', '/api/admin/cv/english', 'application/pdf', 6 * 1024 * 1024],
    ['POST', '/api/admin/media', 'image/jpeg', 11 * 1024 * 1024],
  ])('lets a client still uploading an over-size body to %s %s read its 413, never a reset', async (method, path, type, size) => {
    const body = Buffer.alloc(size, 1);
    const headers = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': type, 'Content-Length': size };
    const { received, error } = await uploadAtOnce(port, head(method, path, headers), body);
    expect([received.split('\r\n')[0], error]).toEqual(['HTTP/1.1 413 Payload Too Large', undefined]);
  });

  it('reads and drops what the client still sends for LINGER_MS at most, then closes', async () => {
    const upload = Upload.open(port, 'PUT', '/api/admin/cv/english', { 'Content-Type': 'application/pdf', 'Transfer-Encoding': 'chunked' });
    expect(await upload.status()).toBe(401);
    const started = Date.now();
    const trickle = setInterval(() => upload.send(`400\r\n${' '.repeat(1024)}\r\n`), 100);
    try {
      await vi.waitFor(() => expect(upload.closed).toBe(true), { timeout: LINGER_MS + 2_000, interval: 100 });
    } finally {
      clearInterval(trickle);
    }
    expect(Date.now() - started).toBeGreaterThan(LINGER_MS - 500);
  });

  it('reads and drops about LINGER_BYTES at most of what the client still sends, then closes', async () => {
    const upload = Upload.open(port, 'PUT', '/api/admin/cv/english', { 'Content-Type': 'application/pdf', 'Transfer-Encoding': 'chunked' });
    expect(await upload.status()).toBe(401);
    const megabyte = Buffer.concat([Buffer.from('100000\r\n'), Buffer.alloc(1024 * 1024, 32), Buffer.from('\r\n')]);
    // Far more than it may read: it reads for 50 ms between its looks at the count, at loopback speed.
    const most = (64 * LINGER_BYTES) / (1024 * 1024);
    let sent = 0;
    while (!upload.closed && sent < most) {
      if (!upload.send(megabyte).flushed) await upload.drained();
      sent += 1;
    }
    expect([upload.closed, sent < most]).toEqual([true, true]);
  });

  it.each([
    ['no credential', { 'Content-Type': 'application/pdf', 'Content-Length': 1000 }, 401],
    [
      'a body announced over the limit',
      { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/pdf', 'Content-Length': 6 * 1024 * 1024 },
      413,
    ],
    [
      'a type the route does not take',
      { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'text/plain', 'Content-Length': 1000 },
      415,
    ],
  ])('answers Expect: 100-continue with the refusal for %s, never 100 Continue', async (_, headers, status) => {
    const upload = Upload.open(port, 'PUT', '/api/admin/cv/english', { ...headers, Expect: '100-continue' });
    expect(await upload.status()).toBe(status);
    expect(upload.answers()).toEqual([status]);
    upload.close();
  });

  it('answers Expect: 100-continue with 100 Continue once the body is to be read, then the answer', async () => {
    const headers = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/pdf', 'Content-Length': MINIMAL_PDF.length };
    const upload = Upload.open(port, 'PUT', '/api/admin/cv/english', { ...headers, Expect: '100-continue' });
    await vi.waitFor(() => expect(upload.answers()).toEqual([100]));
    upload.send(MINIMAL_PDF);
    await vi.waitFor(() => expect(upload.answers()).toEqual([100, 200]));
    upload.close();
  });
});
