import request from 'supertest';
import { CREDLY_USER, LocalBadgeProviders } from '@test/support/badge-providers';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

const SYNC = '/api/admin/sync-certifications';

describe('certification sync of hostile Open Badges assertions', () => {
  const providers = new LocalBadgeProviders();
  let database: TestDatabase;
  let testApp: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    await providers.start();
    providers.reset();
    database = await createTestDatabase();
    const { hostileLinks, foreignBadge, redirectingBadge } = providers.assertionUrls;
    testApp = await createTestApp({
      env: {
        DATABASE_URL: database.url,
        RATE_LIMIT_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        CREDLY_BASE_URL: providers.baseUrl,
        CREDLY_USERNAME: CREDLY_USER,
        OPEN_BADGES_ASSERTION_URLS: [hostileLinks, foreignBadge, redirectingBadge].join(','),
      },
      logDestination: logs,
    });
    providers.credlyFailure = 'status';
  });
  afterAll(async () => {
    await testApp.close();
    await database.drop();
    await providers.stop();
  });

  it("keeps links and images only as https URLs, fetches nothing beyond the assertion's origin, and names no URL or identifier in its answer", async () => {
    const response = await request(testApp.server).post(SYNC).expect(200);
    expect(response.body).toEqual({
      credly: 0,
      microsoft_learn: 0,
      openbadges: 1,
      errors: [
        { provider: 'credly', detail: 'answered 503' },
        { provider: 'openbadges', detail: 'assertion 2: its BadgeClass is not hosted beside the assertion' },
        { provider: 'openbadges', detail: 'assertion 3: answered 302' },
      ],
    });
    expect(JSON.stringify(response.body)).not.toMatch(/127\.0\.0\.1|localhost|https?:|mara-jansen/);
    const [synced] = await database.query<{ title: string; link: string; badge_image_url: string | null; description: string }>(
      `SELECT * FROM certifications WHERE source = 'openbadges'`,
    );
    expect(synced).toMatchObject({ title: 'Click Me', link: '', badge_image_url: null, description: '' });
    expect(providers.requests.filter((path) => !path.startsWith('/openbadges/assertions/') && !path.startsWith('/users/'))).toEqual([
      '/openbadges/badges/moved',
    ]);
    const listed = (await request(testApp.server).get('/api/certifications').expect(200)).body as { link: string }[];
    expect(JSON.stringify(listed)).not.toMatch(/javascript:|data:image|http:\/\/insecure/);
    // The owner still learns which URL failed, from the log.
    expect(logs.entries).toContainEqual(
      expect.objectContaining({ event: 'certification_provider_failed', provider: 'credly', url: expect.stringContaining(CREDLY_USER) }),
    );
  });
});

describe('certification sync without providers or a database', () => {
  it('counts 0 for every provider that is not configured', async () => {
    const database = await createTestDatabase();
    const testApp = await createTestApp({ env: { DATABASE_URL: database.url, RATE_LIMIT_ENABLED: 'false' } });
    try {
      const response = await request(testApp.server).post(SYNC).expect(200);
      expect(response.body).toEqual({ credly: 0, microsoft_learn: 0, openbadges: 0, errors: [] });
    } finally {
      await testApp.close();
      await database.drop();
    }
  });

  it('answers 503 without a database, declares no bearer, and allows 10 runs an hour', async () => {
    const testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });
    try {
      for (let i = 0; i < 10; i += 1) {
        const response = await request(testApp.server).post(SYNC);
        expect(response.status).toBe(503);
      }
      const limited = await request(testApp.server).post(SYNC);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    } finally {
      await testApp.close();
    }
  });
});
