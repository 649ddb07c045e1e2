import type { TestingModule } from '@nestjs/testing';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { DEMO_CONTENT } from '@/content';
import { ContentDocumentPipe } from '@/portfolio/content-document.pipe';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { DEMO } from '@test/support/demo';
import { writableServiceContext } from '@test/support/service-context';

/** What the specs below spoil in an exported document. */
interface Exported {
  version: number;
  projects: { slug: string; title: unknown }[];
  skills: { id: string; skills: { id: string }[] }[];
  awards?: unknown;
  certifications: { externalId: string | null }[];
}

/** The content document as an import takes it: checked by its pipe, then by the document's own rules, on writable storage in memory. */
describe('the content document, on the portfolio service', () => {
  let context: TestingModule;
  let portfolio: PortfolioService;
  const pipe = new ContentDocumentPipe();
  const exported = async () => structuredClone(await portfolio.export()) as unknown as Exported & Record<string, unknown>;
  /** What an import of `document` answers, as its route takes it; its refusal's issues if refused. */
  const imported = async (document: unknown) => {
    try {
      return await portfolio.import(await pipe.transform(document));
    } catch (error) {
      if (error instanceof RequestValidationException) return error.issues;
      throw error;
    }
  };

  beforeAll(async () => {
    context = await writableServiceContext();
    portfolio = context.get(PortfolioService);
  });
  afterAll(() => context.close());

  it('exports everything as one document, in display order', async () => {
    const document = await exported();
    expect(document).toMatchObject({ version: 1, profile: { name: 'Mara Jansen' } });
    expect(document.projects.map((project) => project.slug)).toEqual(DEMO.projects.map((project) => project.slug));
    expect(document.skills).toEqual(DEMO_CONTENT.skills);
    expect(document.certifications).toContainEqual(
      expect.objectContaining({ source: 'credly', externalId: expect.any(String), syncEnabled: false }),
    );
  });

  it.each([
    ['a field of the 4th project', (document: Exported) => (document.projects[3].title = ''), ['body', 'projects', 3, 'title']],
    ['a slug used twice', (document: Exported) => (document.projects[2].slug = document.projects[0].slug), ['body', 'projects', 2, 'slug']],
    [
      'a skill id used in two categories',
      (document: Exported) => (document.skills[1].skills[0].id = document.skills[0].skills[0].id),
      ['body', 'skills', 1, 'skills', 0, 'id'],
    ],
    [
      'a synced certification without its id there',
      (document: Exported) => (document.certifications[0].externalId = null),
      ['body', 'certifications', 0, 'externalId'],
    ],
    ['an unknown version', (document: Exported) => (document.version = 2), ['body', 'version']],
    ['a missing list', (document: Exported) => delete document.awards, ['body', 'awards']],
  ])('refuses a document with %s at its path, and changes nothing', async (_, spoil, loc) => {
    const document = await exported();
    spoil(document);
    const before = await portfolio.export();
    const issues = (await imported(document)) as { loc: unknown }[];
    expect(issues.map((issue) => issue.loc)).toContainEqual(loc);
    expect(await portfolio.export()).toEqual(before);
  });

  it('names at most the first 100 issues of a document full of them, each by its place in the document', async () => {
    const document = await exported();
    const broken = {
      ...document,
      projects: Array.from({ length: 400 }, (_, i) => ({ ...document.projects[i % 6], slug: 'Not A Slug', title: 5 })),
    };
    const issues = (await imported(broken)) as { loc: unknown[] }[];
    expect(issues).toHaveLength(100);
    expect(issues.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'projects', 0, 'title'], msg: expect.any(String), type: 'string_type' },
        { loc: ['body', 'projects', 0, 'slug'], msg: expect.any(String), type: 'string_pattern_mismatch' },
      ]),
    );
    expect(issues.at(-1)!.loc.slice(0, 3)).toEqual(['body', 'projects', 49]);
  });

  it('refuses a list of millions of items as one issue, without looking at its items', async () => {
    const items = new Proxy(new Array<number>(2_000_001).fill(1), {
      get: (list, key) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) throw new Error(`item ${key} was looked at`);
        return Reflect.get(list, key) as unknown;
      },
    });
    expect(await imported({ ...(await exported()), awards: items })).toEqual([
      { loc: ['body', 'awards'], msg: 'List should have at most 5000 items', type: 'too_long' },
    ]);
  });
});
