import type { TestingModule } from '@nestjs/testing';
import { parseFeed } from '@rowanmanning/feed-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { DEMO_CONTENT } from '@/content';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import type { TypedBody } from '@/read-model/typed-body';
import { FeedsService } from '@/site/feeds.service';
import { SitemapService } from '@/site/sitemap.service';
import { StructuredDataService } from '@/site/structured-data.service';
import { memoryStorage } from '@test/support/memory-storage';
import { serviceContext } from '@test/support/service-context';
import { sitemapOf } from '@test/support/sitemap';

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

const textOf = (body: TypedBody) => body.bytes.toString('utf8');

/** What crawlers and feed readers read of the site, as the services write it: the sitemap, robots.txt, the feeds, the structured data. */
describe('the site for crawlers and feed readers, from the demo content', () => {
  let context: TestingModule;
  const site = () => ({ sitemap: context.get(SitemapService), feeds: context.get(FeedsService), data: context.get(StructuredDataService) });

  beforeAll(async () => {
    context = await serviceContext({ SITE_URL: 'https://mara.example/' }, memoryStorage(DEMO_CONTENT));
  });
  afterAll(() => context.close());

  it('lists every page once per language in the sitemap, each with its hreflang versions and x-default, and when it changed', async () => {
    const sitemap = await site().sitemap.sitemap();
    expect(sitemap.mediaType).toBe('application/xml; charset=utf-8');
    const urls = sitemapOf(textOf(sitemap));
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
      expect(url.lastmod).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    }
  });

  it("writes a robots.txt that allows everything and names the site's sitemap", async () => {
    const robots = await site().sitemap.robots();
    expect(robots.mediaType).toBe('text/plain; charset=utf-8');
    expect(textOf(robots).split('\n')).toEqual(['User-agent: *', 'Allow: /', '', 'Sitemap: https://mara.example/sitemap.xml', '']);
  });

  it('writes an Atom feed of the projects that a feed reader reads, in the language asked', async () => {
    const atom = await site().feeds.atom('nederlands');
    expect(atom.mediaType).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(textOf(atom));
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

  it('writes a JSON Feed 1.1 of the projects, valid by its specification', async () => {
    const json = await site().feeds.json('nederlands');
    expect(json.mediaType).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(textOf(json)) as { language: string; authors: unknown[]; items: { url: string; content_text: string }[] };
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

  it('writes schema.org JSON-LD: the Person, and each project as a CreativeWork in the language read', async () => {
    const person = await site().data.person('english');
    expect(person.mediaType).toBe('application/ld+json; charset=utf-8');
    expect(JSON.parse(textOf(person))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Mara Jansen',
      jobTitle: DEMO_CONTENT.profile?.headline?.english,
      url: 'https://mara.example/',
    });
    expect(JSON.parse(textOf(await site().data.project('tidewatch', 'nederlands')))).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: DEMO_CONTENT.projects[0].translations?.nederlands?.title ?? 'Tidewatch',
      url: 'https://mara.example/nl/projects/tidewatch',
      inLanguage: 'nl',
      image: expect.stringMatching(/^https:\/\/mara\.example\/api\/media\/[0-9a-f]+\/\d+\.jpg$/),
      author: { '@type': 'Person', name: 'Mara Jansen', url: 'https://mara.example/nl/' },
    });
    await expect(site().data.project('harbour-planer', 'english')).rejects.toMatchObject({
      status: 404,
      response: { detail: 'Project "harbour-planer" not found' },
    });
  });

  it('escapes < in the structured data, so that it can be embedded in a script element as it stands', async () => {
    const title = 'Ends </script><script>alert(1)</script>';
    await context.get(ProjectsService).patch('ledger-lens', { title });
    const text = textOf(await site().data.project('ledger-lens', 'english'));
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toMatchObject({ name: title });
  });

  it("names the profile's links as the Person's sameAs", async () => {
    await context.get(ProfileService).patch({ links: [{ label: 'GitHub', url: 'https://github.com/marajansen' }] });
    expect(JSON.parse(textOf(await site().data.person('english'))).sameAs).toEqual(['https://github.com/marajansen']);
  });
});
