import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { LocalVarnish, varnishMissing } from '@bench/http/varnish';
import { AwardsService } from '@/awards/awards.service';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { LogLines } from '@test/support/log-lines';
import { holdCalls } from '@test/support/held-calls';
import { freePort } from '@test/support/ports';
import { fastlyAnswer, keysOf, PurgeApiStandIn, purgedByFastlyAt } from '@test/support/purge-api-stand-in';
import { ROOT } from '@test/support/paths';
import { createTestApp, type TestApp } from '@test/support/test-app';

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400';

const admin = (app: TestApp) => ({
  get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  put: (path: string) => request(app.server).put(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
});

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

/** What shared caches are told while a purge is configured; what is purged when is the adapter tier's (test/adapters/cdn-purges.spec.ts). */
describe('public reads while a purge is configured', () => {
  let standIn: PurgeApiStandIn;
  let onDatabase: AppOnDatabase;
  const server = () => onDatabase.testApp.server;

  beforeAll(async () => {
    standIn = await PurgeApiStandIn.start(fastlyAnswer);
    onDatabase = await appOnDatabase(purgedByFastlyAt(standIn));
    await vi.waitFor(() => expect(standIn.purges()).toHaveLength(1));
  });
  afterAll(async () => {
    await onDatabase.close();
    await standIn.stop();
  });

  it('lets shared caches keep public reads', async () => {
    const answer = await request(server()).get('/api/projects').expect(200);
    expect(answer.headers['cache-control']).toBe(SHARED);
  });

  it("names a picture's bytes by their picture, purges them when it is deleted, and keeps the admin's original private", async () => {
    const png = readFileSync(join(ROOT, 'assets', 'media', 'example.png'));
    const uploaded = await request(server())
      .post('/api/admin/media')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'image/png')
      .send(png);
    expect([201, 200]).toContain(uploaded.status);
    const { id, variants } = uploaded.body as { id: string; variants: { url: string }[] };
    const variant = await request(server()).get(variants[0].url).expect(200);
    expect([variant.headers['surrogate-key'], variant.headers['cache-tag']]).toEqual([`media media:${id}`, `media,media:${id}`]);
    const original = await admin(onDatabase.testApp).get(`/api/admin/media/${id}/original`).expect(200);
    expect([original.headers['cache-control'], original.headers['surrogate-key']]).toEqual(['private, no-store', undefined]);

    standIn.received.length = 0;
    await request(server()).delete(`/api/admin/media/${id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(204);
    // Its bytes, and the reads that describe pictures.
    await vi.waitFor(
      () => expect(standIn.purges().flatMap(keysOf)).toEqual(expect.arrayContaining([`media:${id}`, 'profile', 'projects'])),
      {
        timeout: 2_000,
      },
    );
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

  it('keeps its copy until the new answer is ready, then fetches that once; never keeps the one that stands in meanwhile', async () => {
    /** What Varnish answered, and the first award. */
    const awardsThrough = async (path = '/api/awards') => {
      const answer = await through(path);
      const [first] = (await answer.json()) as { id: string; title: string }[];
      return { cache: answer.headers.get('x-cache'), cacheControl: answer.headers.get('cache-control'), first };
    };
    await through('/api/awards');
    const { first: award } = await awardsThrough();
    const prepared = holdCalls(onDatabase.testApp.app.get(AwardsService), 'findAll');
    try {
      const write = admin(onDatabase.testApp).patch(`/api/awards/${award.id}`).send({ title: 'Renamed behind Varnish' }).expect(200).then();
      await vi.waitFor(() => expect(prepared.calls).toHaveBeenCalledTimes(1));
      // Not purged yet: Varnish answers from its copy rather than sending every visitor to the service.
      expect(await awardsThrough()).toMatchObject({ cache: 'HIT', first: award });
      // A URL Varnish has no copy of (an unknown parameter, the same read) gets the answer that stands in, which it may not keep.
      for (let asked = 0; asked < 2; asked += 1)
        expect(await awardsThrough('/api/awards?utm_source=feed')).toEqual({
          cache: 'MISS',
          cacheControl: 'public, no-cache',
          first: award,
        });
      prepared.release();
      await write;
      await vi.waitFor(async () => expect((await awardsThrough()).first.title).toBe('Renamed behind Varnish'), { interval: 10 });
      expect(await awardsThrough()).toMatchObject({ cache: 'HIT', first: { title: 'Renamed behind Varnish' } });
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
