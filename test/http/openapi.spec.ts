import request from 'supertest';
import { builtDescription } from '@test/support/built-description';
import { createTestApp, type TestApp } from '@test/support/test-app';

const SERVERS = { OPENAPI_SERVER_PROD: 'https://api.portfolio.example', OPENAPI_SERVER_DEV: 'https://dev.portfolio.example' };

// What the description says is the description tier's (test/description/openapi-description.spec.ts); here, that it is served, and the explorer beside it.
describe('GET /openapi.json and the explorer', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: SERVERS });
  });
  afterAll(() => testApp.close());

  it('serves the description the app builds, as JSON', async () => {
    const served = await request(testApp.server)
      .get('/openapi.json')
      .expect('Content-Type', /application\/json/)
      .expect(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(await builtDescription(SERVERS))));
  });

  it('serves Swagger UI from bundled assets at /docs', async () => {
    const page = await request(testApp.server).get('/docs').redirects(1).expect(200);
    expect(page.text).toContain('swagger-ui');
    expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
    await request(testApp.server).get('/docs/swagger-ui-bundle.js').expect(200);
  });

  it('has the explorer page load its own script, which fetches a guest token, from this origin only', async () => {
    const page = await request(testApp.server).get('/docs').redirects(1).expect(200);
    expect(page.text).toContain(`<script src='/docs/explorer-role.js'></script>`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    const init = await request(testApp.server).get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toMatch(/"onComplete": \(\)\s*=>\s*globalThis\.portfolioExplorer\.onComplete\(\)/);
    expect(init.text).toMatch(/"requestInterceptor": \(request\)\s*=>\s*globalThis\.portfolioExplorer\.requestInterceptor\(request\)/);
    const script = await request(testApp.server).get('/docs/explorer-role.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.text).toContain("const TOKEN_PATH = '/api/explorer-token';");
  });
});
