import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { LocalVarnish, varnishMissing } from '@bench/http/varnish';
import { AwardsService } from '@/awards/awards.service';
import { PurgeLeadership } from '@/shared-cache/purge-leadership';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { LogLines } from '@test/support/log-lines';
import { holdCalls } from '@test/support/held-calls';
import { freePort } from '@test/support/ports';
import { PurgeApiStandIn, type ReceivedPurge } from '@test/support/purge-api-stand-in';
import { ROOT } from '@test/support/paths';
import { createTestApp, type TestApp } from '@test/support/test-app';

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400';
const FASTLY_SERVICE = 'SU1Z0isxPaozGVKXdv0eY';
const CLOUDFLARE_ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const FRONT_DOOR_ENDPOINT =
  '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/portfolio/providers/Microsoft.Cdn/profiles/portfolio-fd/afdEndpoints/portfolio';

const admin = (app: TestApp) => ({
  get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  put: (path: string) => request(app.server).put(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
});

/** Fastly's bulk purge answer: each key with its purge id (its API reference). */
const fastlyAnswer = (purge: ReceivedPurge) =>
  purge.path === `/service/${FASTLY_SERVICE}/purge` && purge.headers['fastly-key'] === 'fastly-token'
    ? {
        status: 200,
        body: Object.fromEntries(
          String(purge.headers['surrogate-key'])
            .split(' ')
            .map((key, index) => [key, `108-${index}`]),
        ),
      }
    : { status: 401, body: { msg: 'Provided credentials are missing or invalid' } };

const keysOf = (purge: ReceivedPurge) => String(purge.headers['surrogate-key']).split(' ').sort();

describe('what public reads tell shared caches', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'true' } });
  });
  afterAll(() => testApp.close());

  it('names the domain and each item it holds, and stays public, no-cache without a purge', async () => {
    const list = await request(testApp.server).get('/api/projects').expect(200);
    expect(list.headers['cache-control']).toBe('public, no-cache');
    expect(list.headers['surrogate-key'].split(' ')).toEqual(
      expect.arrayContaining(['projects', 'projects:tidewatch', 'projects:ledger-lens']),
    );
    expect(list.headers['cache-tag'].split(',')).toEqual(list.headers['surrogate-key'].split(' '));
    const detail = await request(testApp.server).get('/api/projects/tidewatch').expect(200);
    expect(detail.headers['surrogate-key']).toBe('projects projects:tidewatch');
    expect((await request(testApp.server).get('/api/profile').expect(200)).headers['surrogate-key']).toBe('profile');
    expect((await request(testApp.server).get('/api/site/sitemap.xml').expect(200)).headers['surrogate-key']).toBe('profile projects');
    // the same from the front door, which answers a URL it has seen
    expect((await request(testApp.server).get('/api/projects/tidewatch').expect(200)).headers['surrogate-key']).toBe(
      'projects projects:tidewatch',
    );
  });

  it('says of every answer it does not share that no cache may keep it, and of a CV download that only its client may', async () => {
    const paths = ['/health', '/api/health', '/openapi.json', '/docs', '/docs/swagger-ui.css', '/api/feature-flags', '/api/cv/status'];
    for (const path of paths)
      expect([path, (await request(testApp.server).get(path).expect(200)).headers['cache-control']]).toEqual([path, 'no-store']);
    expect((await request(testApp.server).patch('/api/download-cv').expect(200)).headers['cache-control']).toBe('no-store');
    for (const method of ['get', 'head'] as const)
      expect((await request(testApp.server)[method]('/api/download-cv?lang=english').expect(200)).headers['cache-control']).toBe(
        'private, no-cache',
      );
  });

  it('keeps admin answers, previews, errors and 429s private', async () => {
    expect((await admin(testApp).get('/api/admin/content').expect(200)).headers['cache-control']).toBe('private, no-store');
    expect((await request(testApp.server).get('/api/projects/harbour-planer').expect(404)).headers['cache-control']).toBe(
      'private, no-store',
    );
    expect((await request(testApp.server).get('/api/admin/content').expect(401)).headers['cache-control']).toBe('private, no-store');
    expect((await request(testApp.server).get('/api/projects?preview=forged').expect(401)).headers['cache-control']).toBe(
      'private, no-store',
    );
    let answer;
    do answer = await request(testApp.server).get('/api/awards');
    while (answer.status === 200);
    expect([answer.status, answer.headers['cache-control']]).toEqual([429, 'private, no-store']);
  });
});

/** What an instance purges when it starts purging: every domain, and every picture (it cannot know which were deleted meanwhile). */
const EVERYTHING = [['awards', 'certifications', 'experience', 'media', 'profile', 'projects', 'skills']];

describe('purging, once, whatever made the change', () => {
  let standIn: PurgeApiStandIn;
  let onDatabase: AppOnDatabase;
  let second: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    standIn = await PurgeApiStandIn.start(fastlyAnswer);
    const purge = {
      CDN_PURGE: 'fastly',
      CDN_PURGE_URL: standIn.origin,
      FASTLY_SERVICE_ID: FASTLY_SERVICE,
      FASTLY_API_TOKEN: 'fastly-token',
      LOG_LEVEL: 'warn',
    };
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

  it('lets shared caches keep public reads while a purge is configured', async () => {
    const answer = await request(second.server).get('/api/projects').expect(200);
    expect(answer.headers['cache-control']).toBe(SHARED);
  });

  it('purges a write through the API on either instance once, by its domain, within 2 s', async () => {
    await admin(second).patch('/api/projects/tidewatch').send({ title: 'Tidewatch II' }).expect(200);
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toEqual([['projects']]), { timeout: 2_000 });
    // A later change's purge comes after any second purge of the first would have (the next test turns the order back).
    await onDatabase.database.query('UPDATE awards SET sort_order = -sort_order');
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toContainEqual(['awards']), { timeout: 2_000 });
    expect(standIn.purges().map(keysOf)).toEqual([['projects'], ['awards']]);
  });

  it('purges SQL typed by hand, and an import that changes every domain in one purge', async () => {
    await onDatabase.database.query('UPDATE awards SET sort_order = -sort_order');
    await vi.waitFor(() => expect(standIn.purges().map(keysOf)).toEqual([['awards']]), { timeout: 2_000 });
    const document = (await admin(second).get('/api/admin/content').expect(200)).body;
    document.profile.location = 'Utrecht';
    for (const domain of ['projects', 'experience', 'skills', 'awards', 'certifications'])
      document[domain] = [...document[domain]].reverse();
    standIn.received.length = 0;
    await admin(second).put('/api/admin/content').send(document).expect(200);
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
    await admin(onDatabase.testApp).patch('/api/projects/tidewatch').send({ title: 'Tidewatch III' }).expect(200);
    await vi.waitFor(() => expect(standIn.purges()).toHaveLength(3), { timeout: 5_000 });
    const failures = logs.entries.filter((entry) => entry.event === 'cdn_purge_failed');
    expect(failures.slice(-2)).toEqual([
      expect.objectContaining({ tags: ['projects'], attempt: 1, retryInMs: 500, reason: expect.stringContaining('503') }),
      expect.objectContaining({ tags: ['projects'], attempt: 2, retryInMs: 1_000 }),
    ]);
    expect(standIn.purges().map(keysOf)).toEqual([['projects'], ['projects'], ['projects']]);
  });

  it("names a picture's bytes by their picture, purges them when it is deleted, and keeps the admin's original private", async () => {
    const png = readFileSync(join(ROOT, 'assets', 'media', 'example.png'));
    const uploaded = await request(second.server)
      .post('/api/admin/media')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'image/png')
      .send(png);
    expect([201, 200]).toContain(uploaded.status);
    const { id, variants } = uploaded.body as { id: string; variants: { url: string }[] };
    const variant = await request(second.server).get(variants[0].url).expect(200);
    expect([variant.headers['surrogate-key'], variant.headers['cache-tag']]).toEqual([`media media:${id}`, `media,media:${id}`]);
    const original = await admin(second).get(`/api/admin/media/${id}/original`).expect(200);
    expect([original.headers['cache-control'], original.headers['surrogate-key']]).toEqual(['private, no-store', undefined]);

    standIn.received.length = 0;
    await request(second.server).delete(`/api/admin/media/${id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(204);
    // Its bytes, and the reads that describe pictures (the next test counts every purge from its start).
    await vi.waitFor(
      () => expect(standIn.purges().flatMap(keysOf)).toEqual(expect.arrayContaining([`media:${id}`, 'profile', 'projects'])),
      {
        timeout: 2_000,
      },
    );
  });

  it('hands the purging to another instance when the one purging stops, which then purges everything once, a purge it could not make too', async () => {
    const [leader, other] = [onDatabase.testApp, second].sort(
      (a, b) => Number(b.app.get(PurgeLeadership).leading) - Number(a.app.get(PurgeLeadership).leading),
    );
    expect(leader.app.get(PurgeLeadership).leading).toBe(true);
    expect(leader).toBe(onDatabase.testApp); // the first to start took the lock
    standIn.failNext(Number.MAX_SAFE_INTEGER);
    await admin(other).patch('/api/projects/tidewatch').send({ title: 'Tidewatch IV' }).expect(200);
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
      await admin(onDatabase.testApp).patch('/api/profile').send({ location: 'Delft' }).expect(200);
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
      await admin(onDatabase.testApp).patch('/api/profile').send({ location: 'Delft' }).expect(200);
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

const VARNISH_DEPLOYMENT = join(ROOT, 'deploy', 'varnish');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PURGE_TOKEN = 'purge-token-of-the-tests-0123456789abcdef';
const purgedBy = (varnishPort: number) => ({
  CDN_PURGE: 'varnish',
  CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
  CDN_PURGE_TOKEN: PURGE_TOKEN,
});

/**
 * The service purges everything when it starts purging, before Varnish (started after it) is up: that
 * purge is tried again until Varnish takes it, and must land before a test counts on what Varnish keeps.
 */
const startPurgeLanded = (logs: LogLines) =>
  vi.waitFor(() => expect(logs.entries.some((entry) => entry.event === 'cdn_purged')).toBe(true), { timeout: 20_000, interval: 50 });

describe.skipIf(varnishMissing() !== undefined)('what a real Varnish (deploy/varnish) keeps and tells', () => {
  let testApp: TestApp;
  let varnish: LocalVarnish;
  const through = (path: string, init?: RequestInit) => fetch(`${varnish.origin}${path}`, init);

  beforeAll(async () => {
    const varnishPort = await freePort();
    const logs = new LogLines();
    testApp = await createTestApp({
      env: { ...purgedBy(varnishPort), RATE_LIMIT_ENABLED: 'true', DATABASE_URL: undefined, LOG_LEVEL: 'debug' },
      logDestination: logs,
    });
    const port = await freePort();
    await testApp.app.listen(port, '127.0.0.1');
    varnish = await LocalVarnish.start(VARNISH_DEPLOYMENT, [port], { port: varnishPort, purgeToken: PURGE_TOKEN });
    await startPurgeLanded(logs);
  });
  afterAll(async () => {
    await varnish.stop();
    await testApp.close();
  });

  it('keeps nothing the service did not mark shareable: health, flags, the description, CV downloads', async () => {
    for (const path of ['/api/health', '/api/feature-flags', '/openapi.json', '/api/download-cv?lang=english']) {
      const answers = [await through(path), await through(path)];
      expect([path, ...answers.map((answer) => answer.headers.get('x-cache'))]).toEqual([path, 'MISS', 'MISS']);
    }
  });

  it("answers each request with its own X-Request-Id, a cached answer too, and never the requester's limits to the next", async () => {
    const first = await through('/api/awards', { headers: { 'X-Request-Id': 'trace-1' } });
    expect([first.headers.get('x-request-id'), first.headers.get('x-ratelimit-limit')]).toEqual(['trace-1', '60']);
    const hit = await through('/api/awards', { headers: { 'X-Request-Id': 'trace-2' } });
    expect([hit.headers.get('x-cache'), hit.headers.get('x-request-id'), hit.headers.get('x-ratelimit-remaining')]).toEqual([
      'HIT',
      'trace-2',
      null,
    ]);
    const fresh = [await through('/api/awards'), await through('/api/awards', { headers: { 'X-Request-Id': 'x'.repeat(201) } })];
    const ids = fresh.map((answer) => answer.headers.get('x-request-id'));
    expect(ids).toEqual([expect.stringMatching(UUID_V4), expect.stringMatching(UUID_V4)]);
    expect(new Set(ids).size).toBe(2);
  });

  it("purges only for the service's token, wherever the request comes from", async () => {
    await through('/api/experience');
    const purge = (authorization?: string) =>
      through('/', {
        method: 'PURGE',
        headers: { 'xkey-purge': 'experience', ...(authorization ? { Authorization: authorization } : {}) },
      });
    expect([(await purge()).status, (await purge('Bearer not-the-token-at-all-but-as-long-as-it')).status]).toEqual([401, 401]);
    expect((await through('/api/experience')).headers.get('x-cache')).toBe('HIT');
    expect((await purge(`Bearer ${PURGE_TOKEN}`)).status).toBe(200);
    expect((await through('/api/experience')).headers.get('x-cache')).toBe('MISS');
  });
});

describe.skipIf(varnishMissing() !== undefined)('through a real Varnish (deploy/varnish)', () => {
  let onDatabase: AppOnDatabase;
  let varnish: LocalVarnish;
  const through = (path: string) => fetch(`${varnish.origin}${path}`);

  beforeAll(async () => {
    const port = await freePort();
    // The purge URL is Varnish's, which starts after the service: it is given the port it will listen on.
    const varnishPort = await freePort();
    const logs = new LogLines();
    onDatabase = await appOnDatabase({ ...purgedBy(varnishPort), SHARED_CACHE_MAX_AGE: '1', LOG_LEVEL: 'debug' }, { logDestination: logs });
    await onDatabase.testApp.app.listen(port, '127.0.0.1');
    varnish = await LocalVarnish.start(VARNISH_DEPLOYMENT, [port], { port: varnishPort, purgeToken: PURGE_TOKEN });
    await startPurgeLanded(logs);
  });
  afterAll(async () => {
    await varnish.stop();
    await onDatabase.database.drop();
  });

  it('answers from the cache, and shows a change within 2 s', async () => {
    await through('/api/projects/tidewatch');
    const hit = await through('/api/projects/tidewatch');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    await admin(onDatabase.testApp).patch('/api/projects/tidewatch').send({ title: 'Tidewatch, through Varnish' }).expect(200);
    await vi.waitFor(
      async () =>
        expect(((await (await through('/api/projects/tidewatch')).json()) as { title: string }).title).toBe('Tidewatch, through Varnish'),
      {
        timeout: 2_000,
        interval: 100,
      },
    );
  });

  it('never keeps the answer from before a write that stands in while the new one is prepared', async () => {
    type Award = { id: string; title: string };
    const awardsThrough = async () => {
      const answer = await through('/api/awards');
      return {
        cache: answer.headers.get('x-cache'),
        cacheControl: answer.headers.get('cache-control'),
        awards: (await answer.json()) as Award[],
      };
    };
    await through('/api/awards');
    const [award] = (await awardsThrough()).awards;
    const prepared = holdCalls(onDatabase.testApp.app.get(AwardsService), 'findAll');
    try {
      const write = admin(onDatabase.testApp).patch(`/api/awards/${award.id}`).send({ title: 'Renamed behind Varnish' }).expect(200).then();
      await vi.waitFor(() => expect(prepared.calls).toHaveBeenCalledTimes(1));
      // Purged while the new answer is prepared, Varnish asks the service, which sends the one before.
      await vi.waitFor(async () => expect((await awardsThrough()).cache).toBe('MISS'), { interval: 10 });
      const next = await awardsThrough();
      expect([next.cache, next.cacheControl, next.awards[0].title]).toEqual(['MISS', 'public, no-cache', award.title]);
      prepared.release();
      await write;
      expect((await awardsThrough()).awards[0].title).toBe('Renamed behind Varnish');
    } finally {
      prepared.restore();
    }
  });

  it('keeps the site up while every instance is down (stale-if-error)', async () => {
    const fresh = await (await through('/api/awards')).text();
    await onDatabase.testApp.close();
    // Read until the copy is past s-maxage (1 s here), with no instance to answer: every answer meanwhile is the copy too.
    const answers: string[] = [];
    await vi.waitFor(
      async () => {
        const answer = await through('/api/awards');
        answers.push(`${answer.status} ${(await answer.text()) === fresh ? 'the copy' : 'another body'}`);
        expect(Number(answer.headers.get('age'))).toBeGreaterThan(1);
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(new Set(answers)).toEqual(new Set(['200 the copy']));
  });
});

if (varnishMissing()) console.warn(varnishMissing());
