import request from 'supertest';
import { freePort } from '@test/support/ports';
import { createTestApp, type TestApp } from '@test/support/test-app';

describe('Prometheus metrics on METRICS_PORT', () => {
  let testApp: TestApp;
  let metricsUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    testApp = await createTestApp({ env: { METRICS_PORT: String(port), RATE_LIMIT_ENABLED: 'false', DATABASE_URL: undefined } });
  });
  afterAll(() => testApp.close());

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    return response.text();
  };

  it('counts requests and their duration per method, route and status', async () => {
    await request(testApp.server).get('/api/projects').expect(200);
    await request(testApp.server).get('/api/projects/tidewatch').expect(200);
    await request(testApp.server).get('/api/projects/no-such-project').expect(404);
    await request(testApp.server).get('/nowhere').expect(404);
    const text = await scrape();
    expect(text).toMatch(/http_server_requests_total\{[^}]*method="GET"[^}]*route="\/api\/projects"[^}]*status="200"[^}]*\} 1/);
    expect(text).toMatch(/http_server_requests_total\{[^}]*route="\/api\/projects\/:project_id"[^}]*status="404"[^}]*\} 1/);
    expect(text).toMatch(/http_server_requests_total\{[^}]*route="unmatched"[^}]*status="404"[^}]*\} 1/);
    expect(text).toMatch(/http_server_request_duration_count\{[^}]*route="\/api\/projects"/);
  });

  it('exports the CV counters', async () => {
    await request(testApp.server).get('/api/download-cv?lang=nederlands').expect(200);
    expect(await scrape()).toMatch(/cv_downloads_total\{[^}]*locale="nederlands"[^}]*\} 1/);
  });

  it("reports the read model's size", async () => {
    await request(testApp.server).get('/api/skills').expect(200);
    const text = await scrape();
    const gauge = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, 'm').exec(text)?.[1]);
    expect(gauge('read_model_answers')).toBeGreaterThanOrEqual(1);
    // Every encoding of every kept body: more than the identity bytes of the skills list alone.
    const { body: skills } = await request(testApp.server).get('/api/skills').set('accept-encoding', 'identity').expect(200);
    expect(gauge('read_model_bytes')).toBeGreaterThan(JSON.stringify(skills).length);
  });

  it('names the service, and is kept by no cache', async () => {
    const response = await fetch(metricsUrl);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toMatch(/^target_info\{[^}]*service_name="portfolio-content-service"/m);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('is not served on the public port', async () => {
    await request(testApp.server).get('/metrics').expect(404);
  });
});
