import { request as httpRequest, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTENT_DOMAINS } from '@/content';
import { ReadModel } from '@/read-model/read-model';
import { ReadModelInterceptor } from '@/read-model/read-model.interceptor';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import request from 'supertest';
import { createTestApp, type TestApp } from '@test/support/test-app';

interface RawAnswer {
  status: number;
  /** Name and value of each header, in the order sent, but Date (the clock's). */
  headers: [string, string][];
  body: Buffer;
}

const READ_LIMIT = 60;
const PUBLIC_READS = [
  '/api/profile',
  '/api/projects',
  '/api/projects/tidewatch',
  '/api/experience',
  '/api/experience?top=2',
  '/api/experience/1',
  '/api/skills',
  '/api/awards',
  '/api/certifications',
];

/**
 * The public-read edge answers a read the read model holds at the server's front door, before
 * Express and Nest; the pipeline answers everything else and prepared every answer the edge
 * sends. For the same request, both must send the same bytes: status, every header in the same
 * order, body.
 */
describe('public reads at the edge and through the pipeline', () => {
  let onDatabase: AppOnDatabase;
  let testApp: TestApp;
  let port: number;
  let client = 0;

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' });
    ({ testApp } = onDatabase);
    await testApp.app.listen(0, '127.0.0.1');
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await onDatabase.close();
  });

  const nextClient = () => `198.51.100.${(client += 1)}`;

  function get(path: string, headers: Record<string, string>): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      httpRequest({ port, host: '127.0.0.1', path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2)
            if (response.rawHeaders[i] !== 'Date') headers.push([response.rawHeaders[i], response.rawHeaders[i + 1]]);
          resolve({ status: response.statusCode!, headers, body: Buffer.concat(chunks) });
        });
      })
        .on('error', reject)
        .end();
    });
  }

  /**
   * Sends the request twice, each from a client of its own: once through the pipeline (nothing
   * prepared), once from the edge, which Express never sees.
   */
  async function bothWays(path: string, headers: Record<string, string>, beforeEach: (client: string) => Promise<void> = async () => {}) {
    const intercepted = vi.spyOn(ReadModelInterceptor.prototype, 'intercept');
    const expressHandled = vi.spyOn(testApp.app.getHttpAdapter().getInstance() as unknown as { handle: () => void }, 'handle');
    const [pipelineClient, edgeClient] = [nextClient(), nextClient()];
    await beforeEach(pipelineClient);
    await beforeEach(edgeClient);
    for (const domain of CONTENT_DOMAINS) testApp.app.get(ReadModel).dropPrepared(domain);
    const throughPipeline = await get(path, { ...headers, 'X-Forwarded-For': pipelineClient });
    const pipelineRan = intercepted.mock.calls.length;
    // A 429 prepares nothing: a request of another client prepares the answer the edge then holds.
    await get(path, { 'X-Forwarded-For': nextClient() });
    intercepted.mockClear();
    expressHandled.mockClear();
    const fromTheEdge = await get(path, { ...headers, 'X-Forwarded-For': edgeClient });
    const [edgeRanPipeline, edgeRanExpress] = [intercepted.mock.calls.length, expressHandled.mock.calls.length];
    intercepted.mockRestore();
    expressHandled.mockRestore();
    expect([path, pipelineRan, edgeRanPipeline, edgeRanExpress]).toEqual([path, 1, 0, 0]);
    return { throughPipeline, fromTheEdge };
  }

  it.each(PUBLIC_READS)('answer %s with the same 200, plain and compressed', async (path) => {
    for (const encoding of ['identity', 'gzip, deflate, br', 'gzip']) {
      const { throughPipeline, fromTheEdge } = await bothWays(path, {
        'Accept-Encoding': encoding,
        'X-Request-Id': 'same-id',
        Origin: 'https://site.example',
      });
      expect(throughPipeline.status).toBe(200);
      expect(fromTheEdge).toEqual(throughPipeline);
    }
  });

  it.each(PUBLIC_READS)('answer %s with the same 304 for its ETag', async (path) => {
    const first = await get(path, { 'X-Forwarded-For': nextClient() });
    const etag = first.headers.find(([name]) => name === 'ETag')![1];
    const { throughPipeline, fromTheEdge } = await bothWays(path, { 'If-None-Match': etag, 'X-Request-Id': 'same-id' });
    expect(throughPipeline.status).toBe(304);
    expect(fromTheEdge).toEqual(throughPipeline);
  });

  it.each(PUBLIC_READS)('answer %s with the same 429 once the client has spent its reads', async (path) => {
    const spend = async (who: string) => {
      for (let i = 0; i < READ_LIMIT; i += 1) await get(path, { 'X-Forwarded-For': who });
    };
    const { throughPipeline, fromTheEdge } = await bothWays(path, { 'X-Request-Id': 'same-id' }, spend);
    expect(throughPipeline.status).toBe(429);
    // Retry-After counts down the client's own window, opened a moment apart for the two clients.
    const retryAfter = (answer: RawAnswer) => Number(answer.headers.find(([name]) => name === 'Retry-After')![1]);
    expect(Math.abs(retryAfter(fromTheEdge) - retryAfter(throughPipeline))).toBeLessThanOrEqual(1);
    const withoutRetryAfter = (answer: RawAnswer) => ({
      ...answer,
      headers: answer.headers.map(([name, value]) => [name, name === 'Retry-After' ? '' : value]),
    });
    expect(withoutRetryAfter(fromTheEdge)).toEqual(withoutRetryAfter(throughPipeline));
  });

  it.each(['/api/projects', '/api/projects/tidewatch'])('writes the headers of %s at once: none is set one by one', async (path) => {
    await get(path, { 'X-Forwarded-For': nextClient() });
    const setOneByOne = vi.spyOn(ServerResponse.prototype, 'setHeader');
    const answered = await get(path, { 'X-Forwarded-For': nextClient(), 'Accept-Encoding': 'gzip, deflate, br' });
    const headersSet = setOneByOne.mock.calls.length;
    setOneByOne.mockRestore();
    expect(answered.status).toBe(200);
    expect(answered.headers.map(([name]) => name)).toEqual(expect.arrayContaining(['X-Request-Id', 'X-RateLimit-Remaining', 'ETag']));
    expect(headersSet).toBe(0);
  });

  it('leaves to the pipeline what is not a plain read of a prepared answer', async () => {
    const intercepted = vi.spyOn(ReadModelInterceptor.prototype, 'intercept');
    await get('/api/projects', { 'X-Forwarded-For': nextClient() });
    intercepted.mockClear();
    const head = await new Promise<number>((resolve) =>
      httpRequest({ port, host: '127.0.0.1', path: '/api/projects', method: 'HEAD' }, (response) => resolve(response.statusCode!)).end(),
    );
    expect(head).toBe(200);
    const withBody = await new Promise<number>((resolve) => {
      const call = httpRequest(
        { port, host: '127.0.0.1', path: '/api/projects', headers: { 'Content-Type': 'application/json', 'Content-Length': '12' } },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      call.end('{"not": json');
    });
    expect(withBody).toBe(422);
    expect((await get('/api/projects?never=asked', {})).status).toBe(200);
    // HEAD and the unseen URL reached the handler's interceptor; the body was refused by the pipeline's parser before it.
    expect(intercepted.mock.calls.length).toBe(2);
    intercepted.mockRestore();
  });
  describe('hot pictures', () => {
    const MEDIA_LIMIT = 600;
    let variants: string[];

    beforeAll(async () => {
      const cards = JSON.parse((await get('/api/projects', { 'X-Forwarded-For': nextClient() })).body.toString()) as {
        imageSet: { sources: { srcset: string }[] };
      }[];
      variants = cards.flatMap((card) =>
        card.imageSet.sources.flatMap((source) => source.srcset.split(', ').map((entry) => entry.split(' ')[0])),
      );
    });

    /** A variant not served yet goes through the pipeline, which keeps it in memory; then the edge answers it, Express never seeing the request. */
    async function bothWays(headers: Record<string, string>, beforeEach: (client: string) => Promise<void> = async () => {}) {
      const path = variants.pop()!;
      const expressHandled = vi.spyOn(testApp.app.getHttpAdapter().getInstance() as unknown as { handle: () => void }, 'handle');
      const [pipelineClient, edgeClient] = [nextClient(), nextClient()];
      await beforeEach(pipelineClient);
      await beforeEach(edgeClient);
      expressHandled.mockClear();
      const throughPipeline = await get(path, { ...headers, 'X-Forwarded-For': pipelineClient });
      const pipelineRan = expressHandled.mock.calls.length;
      await get(path, { 'X-Forwarded-For': nextClient() });
      expressHandled.mockClear();
      const fromTheEdge = await get(path, { ...headers, 'X-Forwarded-For': edgeClient });
      const edgeRanExpress = expressHandled.mock.calls.length;
      expressHandled.mockRestore();
      expect([pipelineRan, edgeRanExpress]).toEqual([1, 0]);
      return { throughPipeline, fromTheEdge };
    }

    it('answer a variant with the same 200, bytes and headers', async () => {
      const { throughPipeline, fromTheEdge } = await bothWays({ 'X-Request-Id': 'same-id', Origin: 'https://site.example' });
      expect(throughPipeline.status).toBe(200);
      expect(fromTheEdge).toEqual(throughPipeline);
    });

    it('answer a variant with the same 304 for the ETag another instance gave', async () => {
      const path = variants.at(-1)!;
      const other = await createTestApp({ env: { DATABASE_URL: onDatabase.database.url } });
      try {
        const etag = (await request(other.server).get(path).expect(200)).headers.etag;
        const { throughPipeline, fromTheEdge } = await bothWays({ 'If-None-Match': etag, 'X-Request-Id': 'same-id' });
        expect(throughPipeline.status).toBe(304);
        expect(fromTheEdge).toEqual(throughPipeline);
      } finally {
        await other.close();
      }
    });

    it('count the same limit: the same 429 once the client has spent its reads', async () => {
      const spent = variants[0];
      variants.shift();
      const spend = async (who: string) => {
        for (let i = 0; i < MEDIA_LIMIT; i += 1) await get(spent, { 'X-Forwarded-For': who });
      };
      const { throughPipeline, fromTheEdge } = await bothWays({ 'X-Request-Id': 'same-id' }, spend);
      expect(throughPipeline.status).toBe(429);
      const withoutRetryAfter = (answer: RawAnswer) => answer.headers.filter(([name]) => name !== 'Retry-After');
      expect(withoutRetryAfter(fromTheEdge)).toEqual(withoutRetryAfter(throughPipeline));
      expect(fromTheEdge.body).toEqual(throughPipeline.body);
    });
  });
});

describe('public reads at the edge with rate limits off (benchmarks)', () => {
  it('send no rate-limit header, as the pipeline does not', async () => {
    const testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    try {
      await testApp.app.listen(0, '127.0.0.1');
      const { port } = testApp.app.getHttpServer().address() as AddressInfo;
      const names = () =>
        new Promise<string[]>((resolve) =>
          httpRequest({ port, host: '127.0.0.1', path: '/api/skills', headers: { 'X-Request-Id': 'same' } }, (response) => {
            response.resume();
            resolve(response.rawHeaders.filter((_, i) => i % 2 === 0));
          }).end(),
        );
      const throughPipeline = await names();
      const fromTheEdge = await names();
      expect(fromTheEdge).toEqual(throughPipeline);
      expect(fromTheEdge.filter((name) => name.startsWith('X-RateLimit'))).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});
