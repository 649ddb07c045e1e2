import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { PurgeLeadership } from '@/shared-cache/purge-leadership';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { LogLines } from '@test/support/log-lines';
import { fastlyAnswer, keysOf, PurgeApiStandIn, purgedByFastlyAt } from '@test/support/purge-api-stand-in';
import { createTestApp, type TestApp } from '@test/support/test-app';

const CLOUDFLARE_ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const FRONT_DOOR_ENDPOINT =
  '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/portfolio/providers/Microsoft.Cdn/profiles/portfolio-fd/afdEndpoints/portfolio';
/** What an instance purges when it starts purging: every domain, and every picture (it cannot know which were deleted meanwhile). */
const EVERYTHING = [['awards', 'certifications', 'experience', 'media', 'profile', 'projects', 'skills']];

const retitled = (app: TestApp, title: string) =>
  contentWritesOf(app.app)(() => app.app.get(ProjectsService).patch('tidewatch', { title }), { domains: ['projects'] });
const relocated = (app: TestApp) =>
  contentWritesOf(app.app)(() => app.app.get(ProfileService).patch({ location: 'Delft' }), { domains: ['profile'] });

/** The CDN purged from two instances of one database: once per change, whatever made it, retried, and handed over. */
describe('purging a CDN, once, whatever made the change', () => {
  let standIn: PurgeApiStandIn;
  let onDatabase: AppOnDatabase;
  let second: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    standIn = await PurgeApiStandIn.start(fastlyAnswer);
    const purge = { ...purgedByFastlyAt(standIn), LOG_LEVEL: 'warn' };
    onDatabase = await appOnDatabase(purge, { logDestination: logs });
    second = await createTestApp({
      env: { DATABASE_URL: onDatabase.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false', ...purge },
      logDestination: logs,
    });
    // whichever instance took the lock purged everything once when it did
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toEqual(EVERYTHING));
  });
  let firstClosed = false;
  afterAll(async () => {
    await second.close();
    if (!firstClosed) await onDatabase.testApp.close();
    await onDatabase.database.drop();
    await standIn.stop();
  });
  beforeEach(() => {
    standIn.received.length = 0;
  });

  it('purges a write on either instance once, by its domain, within 2 s', async () => {
    await retitled(second, 'Tidewatch II');
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toEqual([['projects']]), { timeout: 2_000 });
    // A later change's purge comes after any second purge of the first would have (the next test turns the order back).
    await onDatabase.database.query('UPDATE awards SET sort_order = -sort_order');
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toContainEqual(['awards']), { timeout: 2_000 });
    expect(standIn.purges().map(keysOf)).toEqual([['projects'], ['awards']]);
  });

  it('purges SQL typed by hand, and an import that changes every domain in one purge', async () => {
    await onDatabase.database.query('UPDATE awards SET sort_order = -sort_order');
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toEqual([['awards']]), { timeout: 2_000 });
    const portfolio = second.app.get(PortfolioService);
    const document = await portfolio.export();
    const changed = {
      ...document,
      profile: { ...document.profile!, location: 'Utrecht' },
      projects: [...document.projects].reverse(),
      experience: [...document.experience].reverse(),
      skills: [...document.skills].reverse(),
      awards: [...document.awards].reverse(),
      certifications: [...document.certifications].reverse(),
    };
    standIn.received.length = 0;
    await contentWritesOf(second.app)(() => portfolio.import(changed));
    await vi.waitFor(
      () =>
        expect(standIn.purges().flatMap(keysOf).sort()).toEqual([
          'awards',
          'certifications',
          'experience',
          'profile',
          'projects',
          'skills',
        ]),
      { timeout: 2_000 },
    );
  });

  it('retries a purge that fails, logged, and never fails the write', async () => {
    standIn.failNext(2);
    await retitled(onDatabase.testApp, 'Tidewatch III');
    await vi.waitFor(() => expect(standIn.purges()).toHaveLength(3), { timeout: 5_000 });
    const failures = logs.entries.filter((entry) => entry.event === 'cdn_purge_failed');
    expect(failures.slice(-2)).toEqual([
      expect.objectContaining({ tags: ['projects'], attempt: 1, retryInMs: 500, reason: expect.stringContaining('503') }),
      expect.objectContaining({ tags: ['projects'], attempt: 2, retryInMs: 1_000 }),
    ]);
    expect(standIn.purges().map(keysOf)).toEqual([['projects'], ['projects'], ['projects']]);
  });

  it('hands the purging to another instance when the one purging stops, which then purges everything once, a purge it could not make too', async () => {
    const [leader, other] = [onDatabase.testApp, second].sort(
      (a, b) => Number(b.app.get(PurgeLeadership).leading) - Number(a.app.get(PurgeLeadership).leading),
    );
    expect(leader.app.get(PurgeLeadership).leading).toBe(true);
    expect(leader).toBe(onDatabase.testApp); // the first to start took the lock
    standIn.failNext(Number.MAX_SAFE_INTEGER);
    await retitled(other, 'Tidewatch IV');
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toContainEqual(['projects']), { timeout: 2_000 });
    await leader.close();
    firstClosed = true;
    standIn.failNext(0);
    standIn.received.length = 0;
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toEqual(EVERYTHING), { timeout: 2_000 });
    expect(other.app.get(PurgeLeadership).leading).toBe(true);
  });
});

describe('the other purges, against stand-ins of their documented APIs', () => {
  it("Cloudflare: purge_cache with the domain's tags, as its API token", async () => {
    const standIn = await PurgeApiStandIn.start((purge) =>
      purge.path === `/client/v4/zones/${CLOUDFLARE_ZONE}/purge_cache` && purge.headers.authorization === 'Bearer cloudflare-token'
        ? { status: 200, body: { success: true, errors: [], messages: [], result: { id: CLOUDFLARE_ZONE } } }
        : { status: 403, body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] } },
    );
    const onDatabase = await appOnDatabase({
      CDN_PURGE: 'cloudflare',
      CDN_PURGE_URL: `${standIn.origin}/client/v4`,
      CLOUDFLARE_ZONE_ID: CLOUDFLARE_ZONE,
      CLOUDFLARE_API_TOKEN: 'cloudflare-token',
    });
    try {
      await vi.waitFor(() => expect(standIn.purges()).toHaveLength(1));
      await relocated(onDatabase.testApp);
      await vi.waitFor(() => expect(standIn.purges()).toHaveLength(2), { timeout: 2_000 });
      const purge = standIn.purges()[1];
      expect([purge.method, purge.headers['content-type'], JSON.parse(purge.body)]).toEqual([
        'POST',
        'application/json',
        { tags: ['profile'] },
      ]);
    } finally {
      await onDatabase.close();
      await standIn.stop();
    }
  });

  it("Azure Front Door: an app token from Entra ID, then a purge of the domain's paths on Resource Manager", async () => {
    const standIn = await PurgeApiStandIn.start((purge) => {
      if (purge.path === '/tenant-1/oauth2/v2.0/token')
        return { status: 200, body: { token_type: 'Bearer', expires_in: 3599, access_token: 'arm-token' } };
      if (purge.path === `${FRONT_DOOR_ENDPOINT}/purge?api-version=2024-02-01` && purge.headers.authorization === 'Bearer arm-token')
        return { status: 202, headers: { 'azure-asyncoperation': `${FRONT_DOOR_ENDPOINT}/operationresults/1` } };
      return { status: 401, body: { error: { code: 'AuthenticationFailed' } } };
    });
    const onDatabase = await appOnDatabase({
      CDN_PURGE: 'azure-front-door',
      CDN_PURGE_URL: standIn.origin,
      AUTH_AUTHORITY_HOST: standIn.origin,
      AZURE_TENANT_ID: 'tenant-1',
      FRONT_DOOR_ENDPOINT_ID: FRONT_DOOR_ENDPOINT,
      FRONT_DOOR_CLIENT_ID: 'purger-app',
      FRONT_DOOR_CLIENT_SECRET: 'purger-secret',
    });
    try {
      const purgesOf = () => standIn.purges((purge) => purge.path.includes('/purge?'));
      await vi.waitFor(() => expect(purgesOf()).toHaveLength(1));
      const [token] = standIn.purges((purge) => purge.path.endsWith('/token'));
      expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
        grant_type: 'client_credentials',
        client_id: 'purger-app',
        client_secret: 'purger-secret',
        scope: `${standIn.origin}/.default`,
      });
      await relocated(onDatabase.testApp);
      await vi.waitFor(() => expect(purgesOf()).toHaveLength(2), { timeout: 2_000 });
      expect(JSON.parse(purgesOf()[1].body).contentPaths.sort()).toEqual([
        '/api/profile',
        '/api/projects/*',
        '/api/site/feed.atom',
        '/api/site/feed.json',
        '/api/site/og-image.png',
        '/api/site/robots.txt',
        '/api/site/sitemap.xml',
        '/api/site/structured-data',
      ]);
      expect(JSON.parse(purgesOf()[0].body).contentPaths).toEqual(
        expect.arrayContaining(['/api/projects', '/api/projects/*', '/api/site/sitemap.xml', '/api/experience/*']),
      );
    } finally {
      await onDatabase.close();
      await standIn.stop();
    }
  });
});
