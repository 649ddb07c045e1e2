import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PreparedBody, type WireHeaders } from './prepared-body';
import { SharedCaching } from './shared-caching';
import { TypedBody } from './typed-body';

const LIST = Array.from({ length: 50 }, (_, index) => ({
  slug: `project-${index}`,
  title: `Project ${index}`,
  technologies: ['TypeScript'],
}));

/** What the body writes for a request with these headers: its status, headers by name, and bytes. */
function sent(body: PreparedBody, headers: Record<string, string>) {
  let answer: { status: number; headers: Map<string, string | number>; bytes: Buffer } = {
    status: 0,
    headers: new Map(),
    bytes: Buffer.alloc(0),
  };
  const res = {
    writeHead: (status: number, wire: WireHeaders) => {
      const named = new Map<string, string | number>();
      for (let index = 0; index < wire.length; index += 2) named.set(String(wire[index]), wire[index + 1]);
      answer = { ...answer, status, headers: named };
      return { end: (bytes?: Buffer) => (answer.bytes = bytes ?? Buffer.alloc(0)) };
    },
  };
  body.writeTo({ headers, method: 'GET' } as unknown as IncomingMessage, res as unknown as ServerResponse);
  return answer;
}

describe('a prepared body', () => {
  let body: PreparedBody;
  beforeAll(async () => {
    const sharedCache = new SharedCaching({ purge: undefined, maxAgeSeconds: 300 }).headersOf(['projects'], LIST);
    body = await PreparedBody.of(await TypedBody.of(LIST), { sharedCache });
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    // A browser's: the order of equals is no preference, and brotli is the smaller.
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['identity', undefined, (bytes: Buffer) => bytes],
  ])('is sent in the encoding Accept-Encoding: %s prefers', (acceptEncoding, encoding, decode) => {
    const plain = sent(body, {});
    const answer = sent(body, { 'accept-encoding': acceptEncoding });
    expect(answer.headers.get('Content-Encoding')).toBe(encoding);
    expect(answer.headers.get('Content-Length')).toBe(answer.bytes.length);
    expect(decode(answer.bytes).toString()).toBe(plain.bytes.toString());
    expect(answer.headers.get('ETag')).toBe(plain.headers.get('ETag'));
    expect(answer.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it.each<[string, (etag: string) => string, number]>([
    ['the same ETag', (etag) => etag, 304],
    ['the weak form of it', (etag) => `W/${etag}`, 304],
    ['a list holding it', (etag) => `"other", ${etag}`, 304],
    ['*', () => '*', 304],
    ['another ETag', () => '"not-the-current-one"', 200],
  ])('answers If-None-Match with %s with %i, naming its ETag either way', (_, ifNoneMatch, status) => {
    const answer = sent(body, { 'if-none-match': ifNoneMatch(body.etag) });
    expect(answer.status).toBe(status);
    expect(answer.headers.get('ETag')).toBe(body.etag);
    if (status === 304) expect([answer.bytes.length, answer.headers.has('Content-Length')]).toEqual([0, false]);
  });
});
