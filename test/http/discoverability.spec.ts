import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
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
import { createTestApp, type TestApp } from '@test/support/test-app';

const SLUGS = DEMO_CONTENT.projects.map((project) => project.slug);

/** JSON Feed 1.1 (jsonfeed.org/version/1.1) as its specification words it: what a feed must have. */
const JSON_FEED_1_1 = {
  type: 'object',
  required: ['version', 'title', 'items'],
  properties: {
    version: { const: 'https://jsonfeed.org/version/1.1' },
    title: { type: 'string' },
    home_page_url: { type: 'string', format: 'uri' },
    language: { type: 'string' },
    authors: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, url: { type: 'string', format: 'uri' } } } },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        anyOf: [{ required: ['content_html'] }, { required: ['content_text'] }],
        properties: {
          id: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          title: { type: 'string' },
          image: { type: 'string', format: 'uri' },
          date_published: { type: 'string', format: 'date-time' },
          date_modified: { type: 'string', format: 'date-time' },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

interface SitemapUrl {
  loc: string;
  lastmod?: string;
  'xhtml:link': { '@_rel': string; '@_hreflang': string; '@_href': string }[];
}

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'xhtml:link'].includes(name) });

/** The sitemap as a parser that did not write it reads it: well-formed XML, a sitemaps.org 0.9 urlset. */
function sitemapOf(text: string): SitemapUrl[] {
  expect(XMLValidator.validate(text)).toBe(true);
  const { urlset } = xml.parse(text) as { urlset: { '@_xmlns': string; '@_xmlns:xhtml': string; url: SitemapUrl[] } };
  expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  return urlset.url;
}

/** The PNG as pngjs reads it (every chunk's CRC checked). */
const pngOf = (bytes: Buffer) => PNG.sync.read(bytes);

describe('discoverability, from the built-in data set', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { SITE_URL: 'https://mara.example/', RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  it('lists every page once per language in the sitemap, each with its hreflang versions and x-default, and when it changed', async () => {
    const answer = await request(testApp.server).get('/api/site/sitemap.xml').expect(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = sitemapOf(answer.text);
    const paths = ['/', ...SLUGS.map((slug) => `/projects/${slug}`)];
    expect(urls.map((url) => url.loc).sort()).toEqual(
      paths.flatMap((path) => [`https://mara.example${path}`, `https://mara.example/nl${path}`]).sort(),
    );
    for (const url of urls) {
      const path = url.loc.replace(/^https:\/\/mara\.example(\/nl)?/, '');
      expect(url['xhtml:link'].map((link) => [link['@_rel'], link['@_hreflang'], link['@_href']])).toEqual([
        ['alternate', 'en', `https://mara.example${path}`],
        ['alternate', 'nl', `https://mara.example/nl${path}`],
        ['alternate', 'x-default', `https://mara.example${path}`],
      ]);
      expect(url.lastmod).toBe('2026-11-01T00:00:00.000Z');
    }
  });

  it("answers robots.txt that allows everything and names the site's sitemap", async () => {
    const answer = await request(testApp.server).get('/api/site/robots.txt').expect(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.text.split('\n')).toEqual(['User-agent: *', 'Allow: /', '', 'Sitemap: https://mara.example/sitemap.xml', '']);
  });

  it('answers an Atom feed of the projects that a feed reader reads, in the language asked', async () => {
    const answer = await request(testApp.server).get('/api/site/feed.atom?lang=nederlands').expect(200);
    expect(answer.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(answer.headers['content-language']).toBe('nl');
    const feed = parseFeed(answer.text);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Mara Jansen: projects');
    expect(feed.url).toBe('https://mara.example/nl/');
    expect(feed.items.map((item) => item.url)).toEqual(SLUGS.map((slug) => `https://mara.example/nl/projects/${slug}`));
    const tidewatch = DEMO_CONTENT.projects[0];
    expect(feed.items[0].title).toBe(tidewatch.translations?.nederlands?.title ?? tidewatch.title);
    expect(feed.items[0].description).toBe(tidewatch.translations?.nederlands?.description);
    expect(feed.items[0].categories.map((category) => category.label)).toEqual(tidewatch.technologies);
    expect(feed.items[0].media[0]).toMatchObject({ url: expect.stringMatching(/^https:\/\/mara\.example\/api\/media\//) });
  });

  it('answers a JSON Feed 1.1 of the projects, valid by its specification', async () => {
    const answer = await request(testApp.server).get('/api/site/feed.json?lang=nederlands').expect(200);
    expect(answer.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(answer.text) as { language: string; authors: unknown[]; items: { url: string; content_text: string }[] };
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    expect(ajv.validate(JSON_FEED_1_1, feed) || ajv.errorsText()).toBe(true);
    expect(feed.language).toBe('nl');
    expect(feed.authors).toEqual([{ name: 'Mara Jansen', url: 'https://mara.example/nl/' }]);
    expect(feed.items[0]).toMatchObject({
      url: 'https://mara.example/nl/projects/tidewatch',
      content_text: DEMO_CONTENT.projects[0].translations?.nederlands?.description,
    });
  });

  it('answers schema.org JSON-LD: the Person, and each project as a CreativeWork in the language read', async () => {
    const person = await request(testApp.server).get('/api/site/structured-data').expect(200);
    expect(person.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(JSON.parse(person.text)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Mara Jansen',
      jobTitle: DEMO_CONTENT.profile?.headline?.english,
      url: 'https://mara.example/',
    });
    const work = JSON.parse(
      (await request(testApp.server).get('/api/projects/tidewatch/structured-data?lang=nederlands').expect(200)).text,
    );
    expect(work).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: DEMO_CONTENT.projects[0].translations?.nederlands?.title ?? 'Tidewatch',
      url: 'https://mara.example/nl/projects/tidewatch',
      inLanguage: 'nl',
      image: expect.stringMatching(/^https:\/\/mara\.example\/api\/media\/[0-9a-f]+\/\d+\.jpg$/),
      author: { '@type': 'Person', name: 'Mara Jansen', url: 'https://mara.example/nl/' },
    });
    await request(testApp.server)
      .get('/api/projects/harbour-planer/structured-data')
      .expect(404, { detail: 'Project "harbour-planer" not found' });
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

  it('escapes < in the structured data, so that it can be embedded in a script element as it stands', async () => {
    const title = 'Ends </script><script>alert(1)</script>';
    await admin().patch('/api/projects/ledger-lens').send({ title }).expect(200);
    await vi.waitFor(
      async () => {
        const text = (await request(second.server).get('/api/projects/ledger-lens/structured-data').expect(200)).text;
        expect(text).not.toContain('<');
        expect(JSON.parse(text)).toMatchObject({ name: title });
      },
      { timeout: 2_000, interval: 100 },
    );
  });

  it("names the profile's links as the Person's sameAs", async () => {
    await admin()
      .patch('/api/profile')
      .send({ links: [{ label: 'GitHub', url: 'https://github.com/marajansen' }] })
      .expect(200);
    await vi.waitFor(
      async () => {
        const person = JSON.parse((await request(second.server).get('/api/site/structured-data').expect(200)).text);
        expect(person.sameAs).toEqual(['https://github.com/marajansen']);
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
