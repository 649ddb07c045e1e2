import { AwardsService } from '@/awards/awards.service';
import { CONTENT_DOMAINS, DEMO_CONTENT, LANGUAGES } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { createTestApp, type TestApp } from '@test/support/test-app';

/** Content in each language on PostgreSQL: read as the content document reads it, written, and carried by the document. */
describe('content in the visitor’s language, on PostgreSQL', () => {
  let onDatabase: AppOnDatabase;
  let fromDocument: TestApp;
  const app = () => onDatabase.testApp.app;
  const written = <T>(work: () => Promise<T>) => contentWritesOf(app())(work);
  const dutchAward = async (id: string) => (await app().get(AwardsService).findAll('nederlands')).find((award) => award.id === id);

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    fromDocument = await createTestApp({ env: { DATABASE_URL: undefined, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await fromDocument.close();
    await onDatabase.close();
  });
  afterEach(() => written(() => app().get(PortfolioService).import(DEMO_CONTENT)));

  it.each(LANGUAGES)('reads every domain in %s as the built-in data set reads the same content', async (language) => {
    for (const domain of CONTENT_DOMAINS) {
      const [stored, document] = [app(), fromDocument.app].map((on) => on.get(ContentDomainStores).of(domain).readIn(language));
      expect(await stored).toEqual(await document);
    }
  });

  it('takes translations on a write, and a read in that language shows them at once', async () => {
    const awards = app().get(AwardsService);
    const { id } = await written(() =>
      awards.create({
        title: 'Open source award',
        organization: 'NLnet',
        year: '2026',
        translations: { nederlands: { title: 'Opensourceprijs' } },
      }),
    );
    expect(await dutchAward(id)).toMatchObject({ title: 'Opensourceprijs', organization: 'NLnet' });
    await written(() => awards.patch(id, { translations: { nederlands: { title: 'Prijs' } } }));
    expect(await dutchAward(id)).toMatchObject({ title: 'Prijs' });
  });

  it('carries translations in the content document: exported, imported, and read back the same', async () => {
    const portfolio = app().get(PortfolioService);
    const exported = await portfolio.export();
    expect(exported.projects[0].translations).toEqual(DEMO_CONTENT.projects[0].translations);
    const experience = app().get(ContentDomainStores).of('experience');
    const dutchBefore = await experience.readIn('nederlands');
    await written(() => portfolio.import(exported));
    expect(await experience.readIn('nederlands')).toEqual(dutchBefore);
  });
});
