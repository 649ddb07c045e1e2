import { Logger } from '@nestjs/common';
import request from 'supertest';
import { ProbeModule } from '@test/support/probe.module';
import { createTestApp, type TestApp } from '@test/support/test-app';

describe('HTTP conventions', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ imports: [ProbeModule], env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  const http = () => request(testApp.server);
  const postJson = (body: string) => http().post('/api/test-probe').set('Content-Type', 'application/json').send(body);

  describe('security headers', () => {
    it.each(['/api/projects', '/nowhere', '/docs/'])('%s says nosniff, names no framework and may be read cross-origin', async (path) => {
      const response = await http().get(path);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    });
  });

  describe('X-Request-Id', () => {
    // Which ids are kept is the function's (src/common/http/request-id.middleware.spec.ts); here, that every answer carries one.
    it('echoes a well-formed incoming id, and generates a UUID when the request has none', async () => {
      expect((await http().get('/api/health').set('X-Request-Id', 'trace-42/abc').expect(200)).headers['x-request-id']).toBe(
        'trace-42/abc',
      );
      expect((await http().get('/api/health').expect(200)).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('rides on errors too', async () => {
      const notFound = await http().get('/nowhere').set('X-Request-Id', 'err-1').expect(404);
      expect(notFound.headers['x-request-id']).toBe('err-1');
      const invalid = await postJson('{').set('X-Request-Id', 'err-2').expect(422);
      expect(invalid.headers['x-request-id']).toBe('err-2');
    });
  });

  describe('error bodies', () => {
    it('answers an unknown route with 404 {detail: "Not Found"}', async () => {
      const response = await http().delete('/api/unknown/route').expect(404);
      expect(response.body).toEqual({ detail: 'Not Found' });
    });

    it.each(['/no/such/page', '/docs/no-such-asset.js', '/healthz'])(
      'answers an unknown route outside /api (%s) with the same JSON 404',
      async (path) => {
        const response = await http().get(path).expect(404);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.body).toEqual({ detail: 'Not Found' });
        expect(response.headers['x-request-id']).toBeDefined();
      },
    );

    it('answers a path that does not decode with 400 {detail}, as the description declares', async () => {
      const response = await http().get('/api/projects/%E0%A4%A').expect(400);
      expect(response.body).toEqual({ detail: 'Bad Request' });
    });

    it('answers malformed JSON with a FastAPI json_invalid 422', async () => {
      const response = await postJson('{"name": "ab",').expect(422);
      expect(response.body).toEqual({ detail: [{ loc: ['body'], msg: expect.any(String), type: 'json_invalid' }] });
    });

    // Which issues a body has, and how each is named, is the validation pipe's (src/common/validation/request-validation.pipe.spec.ts).
    it('answers a body that breaks its model with 422 and the issues, field by field', async () => {
      const response = await http()
        .post('/api/test-probe')
        .send({ name: 'x', items: [{ label: 'ok' }, { label: 7 }] })
        .expect(422);
      expect(response.body.detail).toEqual([
        { loc: ['body', 'name'], msg: expect.any(String), type: 'string_too_short' },
        { loc: ['body', 'items', 1, 'label'], msg: expect.any(String), type: 'string_type' },
      ]);
    });

    it('reports an absent body as a missing body (as FastAPI does)', async () => {
      const none = await http().post('/api/test-probe').expect(422);
      expect(none.body.detail).toEqual([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
    });

    it('refuses a body that is not an object at the body (the rules: request-validation.pipe.spec.ts)', async () => {
      const response = await postJson('[1, 2]').expect(422);
      expect(response.body.detail[0].loc).toEqual(['body']);
    });

    it('answers a body over 100 KB with 413 {detail}', async () => {
      const response = await http()
        .post('/api/test-probe')
        .send({ name: 'ab', padding: 'x'.repeat(101 * 1024) })
        .expect(413);
      expect(response.body).toEqual({ detail: expect.any(String) });
    });

    it.each([
      ['arrays', (depth: number) => '['.repeat(depth) + ']'.repeat(depth)],
      ['objects', (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)],
    ])('answers JSON %s nested thousands of levels deep with 422, not a crash', async (_, nest) => {
      const response = await postJson(`{"name":"ab","items":${nest(12_000)}}`).expect(422);
      expect(response.body.detail).toEqual([{ loc: ['body'], msg: expect.any(String), type: 'json_invalid' }]);
    });

    it('turns an unexpected failure into a generic 500, logged with its request id', async () => {
      const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      try {
        const response = await http().get('/api/test-probe/failure').set('X-Request-Id', 'boom-1').expect(500);
        expect(response.body).toEqual({ detail: 'Internal server error' });
        expect(JSON.stringify(response.body)).not.toMatch(/secret|ECONNREFUSED|at /);
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ requestId: 'boom-1', error: expect.stringContaining('ECONNREFUSED') }),
        );
      } finally {
        logged.mockRestore();
      }
    });
  });

  describe('bodies are JSON in UTF-8 only', () => {
    it.each([
      ['a form', 'application/x-www-form-urlencoded', 'name=abc'],
      ['text', 'text/plain', '{"name":"abc"}'],
      ['JSON in Latin-1', 'application/json; charset=latin1', '{"name":"abc"}'],
      ['JSON in UTF-16', 'application/json; charset=utf-16', '{"name":"abc"}'],
      ['a JSON-like type', 'application/vnd.api+json', '{"name":"abc"}'],
    ])('refuses %s with 415 {detail}, parsing nothing', async (_, contentType, body) => {
      const response = await http().post('/api/test-probe').set('Content-Type', contentType).send(body).expect(415);
      expect(response.body).toEqual({ detail: 'Request bodies must be application/json in UTF-8' });
    });

    it('refuses a body without a Content-Type with 415', async () => {
      const response = await http().post('/api/test-probe').unset('Content-Type').send(Buffer.from('{"name":"abc"}')).expect(415);
      expect(response.body).toEqual({ detail: 'Request bodies must be application/json in UTF-8' });
    });

    it('takes JSON with or without its UTF-8 charset, in any case', async () => {
      for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/JSON; Charset=UTF-8']) {
        await http().post('/api/test-probe').set('Content-Type', contentType).send('{"name":"abc"}').expect(201);
      }
    });

    it('takes an empty body of any type as no body: a required one is then 422 missing', async () => {
      const response = await http().post('/api/test-probe').set('Content-Type', 'text/plain').set('Content-Length', '0').expect(422);
      expect(response.body.detail).toEqual([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
    });
  });

  describe('conditional reads (RFC 9110 13.1.2)', () => {
    it.each([
      ['nothing else', {}],
      ['Cache-Control: no-cache and Pragma: no-cache, as Fetch adds them', { 'Cache-Control': 'no-cache', Pragma: 'no-cache' }],
      ['Cache-Control: max-age=0', { 'Cache-Control': 'max-age=0' }],
    ])('answers 304 to an If-None-Match that names the ETag, with %s', async (_, headers) => {
      for (const path of ['/api/projects', '/api/feature-flags']) {
        const { headers: first } = await http().get(path).expect(200);
        await http()
          .get(path)
          .set({ ...headers, 'If-None-Match': first.etag })
          .expect(304);
      }
    });

    it('answers 200 to an If-None-Match that names another ETag', async () => {
      await http().get('/api/projects').set('If-None-Match', '"another"').set('Cache-Control', 'no-cache').expect(200);
    });
  });

  describe('deprecated reads', () => {
    it('carry Deprecation (RFC 9745) on their answers, from the pipeline and from the read model alike, but not on errors', async () => {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await http().get('/api/experience/0').expect(200);
        expect(response.headers.deprecation).toBe('@1795305600');
      }
      const invalid = await http().get('/api/experience/x').expect(422);
      expect(invalid.headers.deprecation).toBeUndefined();
      expect((await http().get('/api/experience').expect(200)).headers.deprecation).toBeUndefined();
    });
  });

  describe('CORS', () => {
    it('answers a preflight from any origin, with PATCH and any header, credentials off', async () => {
      const response = await http()
        .options('/api/projects/x')
        .set('Origin', 'https://portfolio.example')
        .set('Access-Control-Request-Method', 'PATCH')
        .set('Access-Control-Request-Headers', 'authorization, x-custom-header')
        .expect(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods']).toBe('GET,POST,PUT,PATCH,DELETE,OPTIONS');
      expect(response.headers['access-control-allow-headers']).toBe('authorization, x-custom-header');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['x-request-id']).toBeDefined();
    });

    it('lets browsers keep a preflight for two hours (Chromium caps it there)', async () => {
      const response = await http()
        .options('/api/profile')
        .set('Origin', 'https://portfolio.example')
        .set('Access-Control-Request-Method', 'PUT')
        .expect(204);
      expect(response.headers['access-control-max-age']).toBe('7200');
    });

    it('marks simple responses readable by any origin and exposes every header the description declares', async () => {
      const response = await http().get('/api/health').set('Origin', 'https://elsewhere.example').expect(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-expose-headers']?.split(',')).toEqual([
        'X-Request-Id',
        'ETag',
        'Cache-Control',
        'Content-Language',
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'WWW-Authenticate',
        'Deprecation',
        'Content-Disposition',
      ]);
    });
  });
});
