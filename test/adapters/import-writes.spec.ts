import { Client } from 'pg';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { sqlOf } from '@test/support/sql-sent';

interface Times {
  created_at: Date;
  updated_at: Date;
}

describe('an import writes the rows it changes', () => {
  let onDatabase: AppOnDatabase;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());

  const timesOf = async (slug: string): Promise<Times> =>
    (await onDatabase.database.query<Times>('SELECT created_at, updated_at FROM projects WHERE slug = $1', [slug]))[0];

  it('without reading back what the database made of them, keeping when each was made and saying when it changed', async () => {
    const { app } = onDatabase.testApp;
    const portfolio = app.get(PortfolioService);
    const document = await portfolio.export();
    const [first, ...others] = document.projects;
    const before = await timesOf(first.slug);
    const added = { ...first, slug: 'harbour-radar', title: 'Harbour Radar' };

    const queries = vi.spyOn(Client.prototype, 'query');
    try {
      await contentWritesOf(app)(() =>
        portfolio.import({ ...document, projects: [{ ...first, title: 'Imported once' }, ...others, added] }),
      );
      const writes = queries.mock.calls.map(sqlOf).filter((sql) => sql.startsWith('INSERT INTO "projects"'));
      expect(writes).toHaveLength(1);
      expect(writes[0]).not.toContain('RETURNING');
    } finally {
      queries.mockRestore();
    }

    const after = await timesOf(first.slug);
    expect(after.created_at).toEqual(before.created_at);
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect(await timesOf(added.slug)).toBeDefined();
    const titles = (await portfolio.export()).projects.map((project) => project.title);
    expect(titles).toEqual(['Imported once', ...others.map((project) => project.title), 'Harbour Radar']);
  });
});
