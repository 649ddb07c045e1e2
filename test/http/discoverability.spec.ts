import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import request from 'supertest';
import { binary } from '@test/support/binary-body';
import { DEMO_CONTENT } from '@/content';
import { ProjectsService } from '@/projects/projects.service';
import { CardRenderer } from '@/site/card-renderer';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { ROOT } from '@test/support/paths';
import { type SitemapUrl, sitemapOf } from '@test/support/sitemap';
import { createTestApp, type TestApp } from '@test/support/test-app';

const SLUGS = DEMO_CONTENT.projects.map((project) => project.slug);

/** The PNG as pngjs reads it (every chunk's CRC checked). */
const pngOf = (bytes: Buffer) => PNG.sync.read(bytes);

describe('discoverability, from the built-in data set', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { SITE_URL: 'https://mara.example/', RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  // What each of them says is the services' (test/service/site-pages.service.spec.ts); here, how each is answered.
  it('answers the sitemap, robots.txt, the feeds and the structured data with their media types and languages', async () => {
    for (const [path, type, language] of [
      ['/api/site/sitemap.xml', 'application/xml; charset=utf-8', undefined],
      ['/api/site/robots.txt', 'text/plain; charset=utf-8', undefined],
      ['/api/site/feed.atom?lang=nederlands', 'application/atom+xml; charset=utf-8', 'nl'],
      ['/api/site/feed.json?lang=nederlands', 'application/feed+json; charset=utf-8', 'nl'],
      ['/api/site/structured-data', 'application/ld+json; charset=utf-8', 'en'],
      ['/api/projects/tidewatch/structured-data?lang=nederlands', 'application/ld+json; charset=utf-8', 'nl'],
    ] as const) {
      const answer = await request(testApp.server).get(path).expect(200);
      expect([path, answer.headers['content-type'], answer.headers['content-language']]).toEqual([path, type, language]);
    }
    await request(testApp.server)
      .get('/api/projects/harbour-planer/structured-data')
      .expect(404, { detail: 'Project "harbour-planer" not found' });
  });

  it('dates every page of the sitemap by when the built-in data set changed', async () => {
    const sitemap = (await request(testApp.server).get('/api/site/sitemap.xml').expect(200)).text;
    const dates = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map(([, date]) => date);
    expect(dates).toHaveLength(2 * (SLUGS.length + 1));
    expect(new Set(dates)).toEqual(new Set(['2026-11-01T00:00:00.000Z']));
  });

  it('answers a 1200×630 PNG social card per project and for the home page, rendered once, with an ETag and 304', async () => {
    const renderer = testApp.app.get(CardRenderer);
    const before = renderer.rendered;
    const card = await binary(request(testApp.server).get('/api/projects/ledger-lens/og-image.png')).expect(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['content-encoding']).toBeUndefined();
    const png = pngOf(card.body as Buffer);
    expect([png.width, png.height]).toEqual([1200, 630]);
    await binary(request(testApp.server).get('/api/projects/ledger-lens/og-image.png?lang=english')).expect(200);
    await request(testApp.server).get('/api/projects/ledger-lens/og-image.png').set('If-None-Match', card.headers.etag).expect(304);
    expect(renderer.rendered - before).toBe(1);

    const home = await binary(request(testApp.server).get('/api/site/og-image.png?lang=nederlands')).expect(200);
    expect(home.headers['content-language']).toBe('nl');
    expect([pngOf(home.body as Buffer).width, pngOf(home.body as Buffer).height]).toEqual([1200, 630]);
    await request(testApp.server).get('/api/projects/harbour-planer/og-image.png').expect(404);
  });
});

describe('discoverability without a site address', () => {
  let directory: string;
  let testApp: TestApp;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'site-'));
    const file = join(directory, 'portfolio.json');
    writeFileSync(file, JSON.stringify({ ...DEMO_CONTENT, profile: { ...DEMO_CONTENT.profile, website: '' } }));
    utimesSync(file, new Date('2026-03-04T05:06:07Z'), new Date('2026-03-04T05:06:07Z'));
    testApp = await createTestApp({ env: { CONTENT_FILE: file, SITE_URL: undefined, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('answers 404 naming SITE_URL on every read that needs one', async () => {
    for (const path of [
      '/api/site/sitemap.xml',
      '/api/site/robots.txt',
      '/api/site/feed.atom',
      '/api/site/feed.json',
      '/api/site/structured-data',
      '/api/site/og-image.png',
      '/api/projects/tidewatch/structured-data',
      '/api/projects/tidewatch/og-image.png',
    ]) {
      const answer = await request(testApp.server).get(path).expect(404);
      expect([path, answer.body.detail]).toEqual([path, expect.stringContaining('SITE_URL')]);
    }
  });
});

describe('discoverability, from the database, on two instances', () => {
  let onDatabase: AppOnDatabase;
  let second: TestApp;
  const admin = () => ({
    patch: (path: string) => request(onDatabase.testApp.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  });

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ SITE_URL: undefined, SITE_LANGUAGE_PREFIXES: 'english=/en,nederlands=/nl' });
    second = await createTestApp({ env: { DATABASE_URL: onDatabase.database.url, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await second.close();
    await onDatabase.close();
  });

  it("takes the profile's website without SITE_URL, and puts each language under its configured prefix", async () => {
    const urls = sitemapOf((await request(second.server).get('/api/site/sitemap.xml').expect(200)).text);
    expect(urls.map((url) => url.loc)).toContain('https://marajansen.example/en/projects/tidewatch');
    expect(urls.map((url) => url.loc)).toContain('https://marajansen.example/nl/');
  });

  it('shows a change on the other instance within 2 s: sitemap lastmod, feeds and the card of what changed, and only that card is rendered again', async () => {
    const renderer = second.app.get(CardRenderer);
    const read = async () => ({
      sitemap: sitemapOf((await request(second.server).get('/api/site/sitemap.xml').expect(200)).text),
      atom: parseFeed((await request(second.server).get('/api/site/feed.atom').expect(200)).text),
      tidewatch: (await binary(request(second.server).get('/api/projects/tidewatch/og-image.png')).expect(200)).headers.etag,
      ledgerLens: (await binary(request(second.server).get('/api/projects/ledger-lens/og-image.png')).expect(200)).headers.etag,
    });
    const before = await read();
    const renders = renderer.rendered;
    const lastmodOf = (urls: SitemapUrl[]) => urls.find((url) => url.loc === 'https://marajansen.example/en/projects/tidewatch')?.lastmod;

    const title = 'Tidewatch <2> & "co"';
    await admin().patch('/api/projects/tidewatch').send({ title }).expect(200);
    await vi.waitFor(
      async () => {
        const after = await read();
        expect(after.atom.items.find((item) => item.url?.endsWith('/projects/tidewatch'))?.title).toBe(title);
        expect(after.tidewatch).not.toBe(before.tidewatch);
        expect(Date.parse(lastmodOf(after.sitemap)!)).toBeGreaterThan(Date.parse(lastmodOf(before.sitemap)!));
        expect(after.ledgerLens).toBe(before.ledgerLens);
      },
      { timeout: 2_000, interval: 100 },
    );
    expect(renderer.rendered - renders).toBe(1);
  });

  it('answers a write without waiting for the card it changes to be drawn again, and whoever wrote reads the new card next', async () => {
    const renderer = onDatabase.testApp.app.get(CardRenderer);
    const card = () => binary(request(onDatabase.testApp.server).get('/api/projects/physio-planner/og-image.png')).expect(200);
    const before = (await card()).headers.etag;
    const drawn = renderer.rendered;
    await admin().patch('/api/projects/physio-planner').send({ description: 'Plans physiotherapy sessions, now in teams.' }).expect(200);
    const drawnByTheAnswer = renderer.rendered - drawn;
    expect((await card()).headers.etag).not.toBe(before);
    expect([drawnByTheAnswer, renderer.rendered - drawn]).toEqual([0, 1]);
  });

  it('renders a card once for every instance and restart, and a walk over every card evicts no other answer (audit five, finding 14)', async () => {
    const first = onDatabase.testApp.app.get(CardRenderer);
    const walk = async (server: TestApp['server']) => {
      for (const slug of SLUGS)
        for (const lang of ['english', 'nederlands'])
          await binary(request(server).get(`/api/projects/${slug}/og-image.png?lang=${lang}`)).expect(200);
    };
    const rendered = first.rendered;
    await walk(onDatabase.testApp.server);
    expect(first.rendered - rendered).toBeLessThanOrEqual(SLUGS.length * 2);

    // Another instance, started since, whose read model holds less than the twelve cards.
    const small = await createTestApp({
      env: { DATABASE_URL: onDatabase.database.url, RATE_LIMIT_ENABLED: 'false', READ_MODEL_MAX_BYTES: String(1024 * 1024) },
    });
    try {
      await request(small.server).get('/api/projects').expect(200);
      const listed = vi.spyOn(ProjectsService.prototype, 'findAll');
      await walk(small.server);
      expect(small.app.get(CardRenderer).rendered).toBe(0);
      await request(small.server).get('/api/projects').expect(200);
      expect(listed).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await small.close();
    }
  });

  it("puts the owner's uploaded photo on the home card and in the Person, linked at the size of a link preview", async () => {
    const before = (await binary(request(second.server).get('/api/site/og-image.png')).expect(200)).headers.etag;
    const uploaded = await request(onDatabase.testApp.server)
      .post('/api/admin/media')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'image/png')
      .send(
        await sharp(readFileSync(join(ROOT, 'assets', 'media', 'example.png')))
          .resize({ width: 2000 })
          .toBuffer(),
      )
      .expect(201);
    await admin().patch('/api/profile').send({ photo: uploaded.body.url }).expect(200);
    await vi.waitFor(
      async () => {
        const card = await binary(request(second.server).get('/api/site/og-image.png')).expect(200);
        expect(card.headers.etag).not.toBe(before);
        const person = JSON.parse((await request(second.server).get('/api/site/structured-data').expect(200)).text);
        expect(person.image).toBe(`https://marajansen.example/api/media/${uploaded.body.id}/1200.jpg`);
      },
      { timeout: 2_000, interval: 100 },
    );
    const tidewatch = DEMO_CONTENT.projects.find((project) => project.slug === 'tidewatch')!;
    await admin().patch('/api/projects/tidewatch').send({ image: uploaded.body.url }).expect(200);
    try {
      await vi.waitFor(
        async () => {
          const feed = (await request(second.server).get('/api/site/feed.json').expect(200)).body as {
            items: { url: string; image?: string }[];
          };
          expect(feed.items.find((item) => item.url.endsWith('/projects/tidewatch'))?.image).toBe(
            `https://marajansen.example/api/media/${uploaded.body.id}/1200.jpg`,
          );
        },
        { timeout: 2_000, interval: 100 },
      );
    } finally {
      await admin().patch('/api/projects/tidewatch').send({ image: tidewatch.image }).expect(200);
    }
  });

  it('refuses control characters in owner text, and keeps the Atom feed well-formed when the database holds them anyway', async () => {
    const refused = await admin().patch('/api/projects/tidewatch').send({ title: 'Tide\u0001watch' }).expect(422);
    expect(refused.body.detail[0]).toMatchObject({ loc: ['body', 'title'] });
    for (const title of ['Tab\tand\nline breaks are text', 'Lone \ud800 surrogate', 'Form\ffeed', 'C1 \u0085'])
      await admin()
        .patch('/api/projects/tidewatch')
        .send({ title })
        .expect(title.startsWith('Tab') ? 200 : 422);
    await onDatabase.database.query("UPDATE projects SET title = 'Typed\u0001 by hand\u000b' WHERE slug = 'tidewatch'");
    await vi.waitFor(
      async () => {
        const atom = (await request(second.server).get('/api/site/feed.atom').expect(200)).text;
        expect(XMLValidator.validate(atom)).toBe(true);
        expect(parseFeed(atom).items.map((item) => item.title)).toContain('Typed by hand');
      },
      { timeout: 2_000, interval: 100 },
    );
  });
});

describe('discoverability, limited like the other reads', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });
  });
  afterAll(() => testApp.close());

  it('answers the 61st social card a client asks for in a minute 429', async () => {
    for (let index = 0; index < 60; index += 1) await request(testApp.server).get('/api/site/og-image.png').expect(200);
    await request(testApp.server).get('/api/site/og-image.png').expect(429);
  });
});

describe('SITE_LANGUAGE_PREFIXES', () => {
  it('stops start-up when it names a language the content does not have', async () => {
    await expect(createTestApp({ env: { SITE_LANGUAGE_PREFIXES: 'english=,deutsch=/de' } })).rejects.toThrow(
      'SITE_LANGUAGE_PREFIXES names deutsch; the languages are english, nederlands',
    );
  });
});
