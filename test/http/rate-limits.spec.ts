import request from 'supertest';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

const READ_LIMIT = 60;

async function exhaust(testApp: TestApp, path: string, times: number, forwardedFor?: (i: number) => string) {
  for (let i = 0; i < times; i += 1) {
    const call = request(testApp.server).get(path);
    if (forwardedFor) call.set('X-Forwarded-For', forwardedFor(i));
    await call.expect(200);
  }
}

describe('rate limits per client IP', () => {
  describe('without a trusted proxy', () => {
    let testApp: TestApp;
    beforeEach(async () => {
      testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'false' } });
    });
    afterEach(() => testApp.close());

    it('answers the 61st read in a minute with 429, Retry-After and a request id', async () => {
      await exhaust(testApp, '/api/projects', READ_LIMIT);
      const response = await request(testApp.server).get('/api/projects').set('X-Request-Id', 'limited-1').expect(429);
      expect(response.body).toEqual({ detail: 'Rate limit exceeded' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(response.headers['x-request-id']).toBe('limited-1');
    });

    it('counts each route on its own', async () => {
      await exhaust(testApp, '/api/skills', READ_LIMIT);
      await request(testApp.server).get('/api/skills').expect(429);
      await request(testApp.server).get('/api/awards').expect(200);
      await request(testApp.server).get('/api/projects/tidewatch').expect(200);
    });

    it('limits the CV download link to 10 a minute, a budget of its own beside the download', async () => {
      for (let i = 0; i < 10; i += 1) await request(testApp.server).patch('/api/download-cv').send({ lang: 'english' }).expect(200);
      const limited = await request(testApp.server).patch('/api/download-cv').send({ lang: 'english' }).expect(429);
      expect(limited.body).toEqual({ detail: 'Rate limit exceeded' });
      await request(testApp.server).get('/api/download-cv?lang=english').expect(200);
    });

    it('counts every project detail against one limit, whatever the slug', async () => {
      for (let i = 0; i < READ_LIMIT; i += 1) await request(testApp.server).get(`/api/projects/slug-${i}`).expect(404);
      await request(testApp.server).get('/api/projects/tidewatch').expect(429);
    });

    it('never limits health checks or the description', async () => {
      for (let i = 0; i < READ_LIMIT + 20; i += 1) {
        await request(testApp.server).get('/api/health').expect(200);
      }
      await request(testApp.server).get('/openapi.json').expect(200);
    });

    it('ignores a forged X-Forwarded-For', async () => {
      await exhaust(testApp, '/api/certifications', READ_LIMIT, (i) => `203.0.113.${i}`);
      await request(testApp.server).get('/api/certifications').set('X-Forwarded-For', '198.51.100.7').expect(429);
    });
  });

  it('believes X-Forwarded-For when TRUST_PROXY says the proxy is trusted', async () => {
    const testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' } });
    try {
      await exhaust(testApp, '/api/experience', READ_LIMIT, () => '203.0.113.10');
      await request(testApp.server).get('/api/experience').set('X-Forwarded-For', '203.0.113.10').expect(429);
      await request(testApp.server).get('/api/experience').set('X-Forwarded-For', '203.0.113.11').expect(200);
    } finally {
      await testApp.close();
    }
  });

  it('counts a client behind a proxy that forwards ports once, whatever its connection (TRUST_PROXY=1)', async () => {
    const testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '1' } });
    try {
      await exhaust(testApp, '/api/awards', READ_LIMIT / 2, (i) => `203.0.113.7:${50_000 + i}`);
      await exhaust(testApp, '/api/awards', READ_LIMIT / 2, (i) => `[::ffff:203.0.113.7]:${40_000 + i}`);
      await request(testApp.server).get('/api/awards').set('X-Forwarded-For', '203.0.113.7:61000').expect(429);
      await request(testApp.server).get('/api/awards').set('X-Forwarded-For', '203.0.113.7').expect(429);
      await exhaust(testApp, '/api/skills', READ_LIMIT, (i) => `[2001:db8::${i.toString(16)}]:443`);
      await request(testApp.server).get('/api/skills').set('X-Forwarded-For', '2001:db8::ffff').expect(429);
    } finally {
      await testApp.close();
    }
  });

  it.each([
    ['true', true],
    ['1', false],
    ['loopback', false],
    ['false', false],
  ])("warns at start-up when TRUST_PROXY=%s believes the client's own first X-Forwarded-For entry: %s", async (trustProxy, warned) => {
    const logs = new LogLines();
    const testApp = await createTestApp({ env: { TRUST_PROXY: trustProxy, LOG_LEVEL: 'warn' }, logDestination: logs });
    await testApp.close();
    const warnings = logs.entries.filter((entry) => entry.event === 'trust_proxy_true');
    expect(warnings).toEqual(warned ? [expect.objectContaining({ level: 40, detail: expect.stringContaining('1 behind one proxy') })] : []);
  });

  it('lets benchmarks switch limits off', async () => {
    const testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    try {
      await exhaust(testApp, '/api/awards', READ_LIMIT + 5);
    } finally {
      await testApp.close();
    }
  });
});
