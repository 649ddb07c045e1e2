import { Client } from 'pg';
import { InsertQueryBuilder } from 'typeorm';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { sqlOf } from '@test/support/sql-sent';

const isProjectsInsert = (sql: string): boolean => sql.startsWith('INSERT INTO "projects"');

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
      const writes = queries.mock.calls.map(sqlOf).filter(isProjectsInsert);
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

  describe('of hundreds of rows, a statement of a hundred at a time', () => {
    const PROJECTS = 250;

    /** Statements built (TypeORM) and sent and answered (pg), in order; each answer held until the next statement is built, or 2 s. */
    function watchStatements(refuseSecond = false): { events: string[]; restore: () => void } {
      const events: string[] = [];
      let built = 0;
      let sent = 0;
      const builder = InsertQueryBuilder.prototype as unknown as { getQueryAndParameters: (this: object) => [string, unknown[]] };
      const { getQueryAndParameters: build } = builder;
      const builds = vi.spyOn(builder, 'getQueryAndParameters').mockImplementation(function (this: object) {
        const query = build.call(this);
        if (isProjectsInsert(query[0])) events.push(`built ${(built += 1)}`);
        return query;
      });
      const client = Client.prototype as unknown as { query: (this: object, ...args: unknown[]) => Promise<unknown> };
      const { query: send } = client;
      const queries = vi.spyOn(client, 'query').mockImplementation(function (this: object, ...args: unknown[]) {
        if (!isProjectsInsert(sqlOf(args))) return send.apply(this, args);
        const statement = (sent += 1);
        events.push(`sent ${statement}`);
        if (refuseSecond && statement === 2) return Promise.reject(new Error('refused by the test'));
        return send.apply(this, args).then(async (answer) => {
          const lastStatement = statement === Math.ceil(PROJECTS / 100);
          await vi.waitFor(() => expect(built > statement || lastStatement).toBe(true), { timeout: 2_000 }).catch(() => undefined);
          events.push(`answered ${statement}`);
          return answer;
        });
      });
      return { events, restore: () => [builds, queries].forEach((spy) => spy.mockRestore()) };
    }

    /** The stored document with PROJECTS projects of `title` after its own (which its skills name). */
    const documentWithManyProjects = async (title: string) => {
      const document = await onDatabase.testApp.app.get(PortfolioService).export();
      const own = document.projects.filter((project) => !project.slug.startsWith('many-'));
      const many = Array.from({ length: PROJECTS }, (_, n) => ({ ...own[0], slug: `many-${n}`, title: `${title} ${n}` }));
      return { ...document, projects: [...own, ...many] };
    };

    it('builds each while PostgreSQL runs the one before, one query at a time on the connection', async () => {
      const { app } = onDatabase.testApp;
      const document = await documentWithManyProjects('Project');
      const watched = watchStatements();
      try {
        await contentWritesOf(app)(() => app.get(PortfolioService).import(document));
      } finally {
        watched.restore();
      }
      expect(watched.events).toEqual([
        'built 1',
        'sent 1',
        'built 2',
        'answered 1',
        'sent 2',
        'built 3',
        'answered 2',
        'sent 3',
        'answered 3',
      ]);
      expect((await app.get(PortfolioService).export()).projects).toHaveLength(document.projects.length);
    });

    it('fails the import at a statement the database refuses: none is sent after it, and none of them is kept', async () => {
      const { app } = onDatabase.testApp;
      const portfolio = app.get(PortfolioService);
      const before = (await portfolio.export()).projects.map((project) => project.title);
      const document = await documentWithManyProjects('Project again');
      const watched = watchStatements(true);
      try {
        await expect(contentWritesOf(app)(() => portfolio.import(document))).rejects.toThrow('refused by the test');
      } finally {
        watched.restore();
      }
      expect(watched.events.filter((event) => event.startsWith('sent'))).toEqual(['sent 1', 'sent 2']);
      expect((await portfolio.export()).projects.map((project) => project.title)).toEqual(before);
    });
  });
});
