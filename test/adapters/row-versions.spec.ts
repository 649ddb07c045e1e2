import request from 'supertest';
import { Client, type QueryResult } from 'pg';
import type { ContentDocument } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { RowVersions } from '@/content-store/row-versions';
import { DraftsService } from '@/drafts/drafts.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { RECORDER_LOCK } from '@/history/persistence/typeorm-content-history.repository';
import { ProjectsService } from '@/projects/projects.service';
import { SkillsService } from '@/skills/skills.service';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf, type WriteOptions } from '@test/support/content-writes';
import { sqlOf } from '@test/support/sql-sent';

describe('a list read whole reads only the rows it has not seen', () => {
  let onDatabase: AppOnDatabase;
  const titles = async () => {
    const projects = (await onDatabase.testApp.app.get(ContentDomainStores).of('projects').readIn('english')) as {
      slug: string;
      title: string;
    }[];
    return new Map(projects.map((project) => [project.slug, project.title]));
  };

  /**
   * What `work` answered, and how many project rows its reads of the whole list read whole (with
   * their long columns): in all, and each statement's. `everyRead`: those of any read of whole rows.
   */
  async function rowsReadWhole<T>(work: () => Promise<T>, everyRead = false): Promise<{ answer: T; rows: number; statements: number[] }> {
    const queries = vi.spyOn(Client.prototype, 'query');
    try {
      const read = await work();
      const statements: number[] = [];
      for (const [index, sql] of queries.mock.calls.map(sqlOf).entries()) {
        if (sql.includes('FROM "projects"') && sql.includes('"long_description"') && (everyRead || sql.includes('ctid')))
          statements.push(((await queries.mock.results[index].value) as QueryResult).rowCount ?? 0);
      }
      return { answer: read, rows: statements.reduce((sum, rows) => sum + rows, 0), statements };
    } finally {
      queries.mockRestore();
    }
  }

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());

  /** Writes as an admin's request makes them, through the one path of content writes. */
  const written = <T>(work: () => Promise<T>, options?: WriteOptions<T>): Promise<T> =>
    contentWritesOf(onDatabase.testApp.app)(work, options);

  /** The history's recorder reads the projects after each write too: held off while `work` runs, so that what is read is `work`'s alone. */
  async function recorderHeldOff(work: () => Promise<void>): Promise<void> {
    const recorderLock = new Client({ connectionString: onDatabase.database.url });
    await recorderLock.connect();
    await recorderLock.query('SELECT pg_advisory_lock(hashtext($1))', [RECORDER_LOCK]);
    try {
      await work();
    } finally {
      await recorderLock.end();
    }
  }

  it('reads every row once, then only a row changed, added or gone since, whoever wrote it', () => recorderHeldOff(readsOnlyWhatChanged));

  async function readsOnlyWhatChanged(): Promise<void> {
    const first = await rowsReadWhole(titles);
    expect(first.answer.size).toBeGreaterThan(3);
    expect((await rowsReadWhole(titles)).rows).toBe(0);

    await onDatabase.database.query(`UPDATE projects SET title = 'Tidewatch, by hand' WHERE slug = 'tidewatch'`);
    const updated = await rowsReadWhole(titles);
    expect(updated).toMatchObject({ rows: 1 });
    expect(updated.answer.get('tidewatch')).toBe('Tidewatch, by hand');

    await written(() => onDatabase.testApp.app.get(ProjectsService).create({ title: 'Harbour Radar', description: 'Berth planning.' }));
    const added = await rowsReadWhole(titles);
    expect(added).toMatchObject({ rows: 1 });
    expect(added.answer.get('harbour-radar')).toBe('Harbour Radar');

    await onDatabase.database.query(`DELETE FROM projects WHERE slug = 'tidewatch'`);
    const removed = await rowsReadWhole(titles);
    expect(removed).toMatchObject({ rows: 0 });
    expect([...removed.answer.keys()]).toEqual([...added.answer.keys()].filter((slug) => slug !== 'tidewatch'));
  }

  it('reads the rows it has not seen a hundred a statement, however many there are', () => recorderHeldOff(readsInStatementsOfAHundred));

  async function readsInStatementsOfAHundred(): Promise<void> {
    await titles();
    await onDatabase.database.query(
      `INSERT INTO projects (slug, title, description, sort_order)
       SELECT 'bulk-' || n, 'Bulk ' || n, 'A project written by hand.', 1000 + n FROM generate_series(1, 250) AS n`,
    );
    try {
      const read = await rowsReadWhole(titles);
      expect(read.statements).toEqual([100, 100, 50]);
      expect(read.answer.get('bulk-250')).toBe('Bulk 250');
    } finally {
      await onDatabase.database.query(`DELETE FROM projects WHERE slug LIKE 'bulk-%'`);
    }
  }

  it('reads no row whole to import a document over rows it has read', () => recorderHeldOff(importsOverRowsRead));

  async function importsOverRowsRead(): Promise<void> {
    const { app } = onDatabase.testApp;
    await titles();
    const document = await app.get(PortfolioService).export();
    const [first, ...others] = document.projects;
    const imported = await rowsReadWhole(
      () => written(() => app.get(PortfolioService).import({ ...document, projects: [{ ...first, title: 'Imported once' }, ...others] })),
      true,
    );
    expect(imported.rows).toBe(0);
    expect((await titles()).get(first.slug)).toBe('Imported once');
  }

  it('lists the versions again when a row changed between listing them and reading it, and never leaves it out', () =>
    recorderHeldOff(readsOneMoment));

  async function readsOneMoment(): Promise<void> {
    await titles();
    await onDatabase.database.query(`UPDATE projects SET title = 'Ledger Lens, listed' WHERE slug = 'ledger-lens'`);
    type Reading = { read: (...args: unknown[]) => Promise<unknown> };
    const versions = RowVersions.prototype as unknown as Reading;
    const read = versions.read;
    const spied = vi.spyOn(versions, 'read').mockImplementationOnce(async function (this: unknown, ...args: unknown[]) {
      // Another connection changes the row after its version was listed, before it is read whole.
      await onDatabase.database.query(`UPDATE projects SET title = 'Ledger Lens, meanwhile' WHERE slug = 'ledger-lens'`);
      return read.apply(this, args);
    });
    try {
      const after = await titles();
      expect(spied).toHaveBeenCalledTimes(2);
      expect(after.get('ledger-lens')).toBe('Ledger Lens, meanwhile');
    } finally {
      spied.mockRestore();
    }
  }

  /**
   * After a change of the first item only (`change`: the write that changes it, given that item),
   * `domain` exports every other one as the same read-only item, and the history's recorder hashed
   * (and stored, when new) that one alone: the read-only items serialised meanwhile, by `name`.
   */
  async function exportsAroundOneChange<D extends 'projects' | 'skills'>(
    domain: D,
    change: (first: ContentDocument[D][number]) => Promise<unknown>,
    name: (item: Record<string, unknown>) => unknown,
  ): Promise<void> {
    const store = onDatabase.testApp.app.get(ContentDomainStores).of(domain);
    const before = (await store.exportPart()) as ContentDocument[D];
    await onDatabase.historyRecorded();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      await written(() => change(before[0]));
      await onDatabase.historyRecorded();
      const items = new Set<unknown>(before);
      const after = (await store.exportPart()) as ContentDocument[D];
      const serialised = stringify.mock.calls.flatMap(([value]) =>
        Object.isFrozen(value) && name(value as Record<string, unknown>) !== undefined ? [name(value as Record<string, unknown>)] : [],
      );
      expect(new Set(serialised)).toEqual(new Set([name(before[0] as unknown as Record<string, unknown>)]));
      expect(after.map((item) => items.has(item))).toEqual(after.map((_, index) => index > 0));
      expect(Object.isFrozen(after[1])).toBe(true);
    } finally {
      stringify.mockRestore();
    }
  }

  it('exports an unchanged project as the same read-only item, and the history hashes only the changed one', () =>
    exportsAroundOneChange(
      'projects',
      (first) => onDatabase.testApp.app.get(ProjectsService).patch(first.slug, { title: 'Changed once' }),
      (item) => item.slug,
    ));

  it('exports an unchanged skill category as the same read-only item, and the history hashes only the changed one', () =>
    exportsAroundOneChange(
      'skills',
      (first) => onDatabase.testApp.app.get(SkillsService).patchSkill(first.skills![0].id, { name: 'Changed once' }),
      (item) => (Array.isArray(item.skills) ? item.id : undefined),
    ));

  it('reads whole, for a draft write and its publish, only the rows the draft changes', () => recorderHeldOff(readsWhatADraftChanges));

  async function readsWhatADraftChanges(): Promise<void> {
    const { app } = onDatabase.testApp;
    await titles();
    const drafted = await rowsReadWhole(() =>
      written(() => app.get(ProjectsService).patch('harbour-radar', { title: 'Drafted' }), { toDraft: true }),
    );
    // The row as the write left it inside the draft's savepoint; the published rows are all kept beside it.
    expect(drafted.rows).toBe(1);
    const published = await rowsReadWhole(() => written(() => app.get(DraftsService).publish(), { changed: ({ changed }) => changed }));
    expect(published.rows).toBe(0);
    expect((await titles()).get('harbour-radar')).toBe('Drafted');
  }

  it('reads the rows a write renews the answers from whole once, for those answers and the history alike, however long they take', async () => {
    const { app, server } = onDatabase.testApp;
    await onDatabase.historyRecorded();
    // An answer sent just now, which the write renews; its rows read slower than the history gathers its changes.
    await request(server).get('/api/projects').expect(200);
    const versions = RowVersions.prototype as unknown as { read: (...args: unknown[]) => Promise<unknown> };
    const read = versions.read;
    const slowed = vi.spyOn(versions, 'read').mockImplementation(async function (this: unknown, ...args: unknown[]) {
      if ((args[1] as string[]).length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      return read.apply(this, args);
    });
    try {
      const document = await app.get(PortfolioService).export();
      const projects = document.projects.map((project) => ({ ...project, title: `${project.title}, imported` }));
      const imported = await rowsReadWhole(async () => {
        await written(() => app.get(PortfolioService).import({ ...document, projects }));
        await onDatabase.historyRecorded();
      });
      expect(imported.rows).toBe(projects.length);
    } finally {
      slowed.mockRestore();
    }
  });
});
