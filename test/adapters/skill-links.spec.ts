import { Client } from 'pg';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { DEMO_CONTENT } from '@/content';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { SkillsRepository } from '@/skills/persistence/skills.repository';
import { unknownProject } from '@/skills/project-links';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { SkillsService } from '@/skills/skills.service';
import { appOnDatabase, type AppOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { holdCalls } from '@test/support/held-calls';

/** A skill names the projects that used it by slug: the database keeps the links following the projects, whoever writes (audit, round four). */
describe('skill → project links in the database', () => {
  let onDatabase: AppOnDatabase;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());
  // Each case starts from the demo content, put back as an import is.
  afterEach(async () => {
    const { app } = onDatabase.testApp;
    await contentWritesOf(app)(() => app.get(PortfolioService).import(DEMO_CONTENT));
  });

  const linksTo = async (slug: string) =>
    (await onDatabase.database.query<{ name: string }>('SELECT name FROM skills WHERE $1 = ANY(projects) ORDER BY name', [slug])).map(
      ({ name }) => name,
    );

  it('holds a linked project until the skill naming it commits, so its delete then follows the link', async () => {
    const [{ id: categoryId }] = await onDatabase.database.query<{ id: string }>(
      'SELECT id FROM skill_categories ORDER BY sort_order LIMIT 1',
    );
    const [writer, deleter] = [new Client(onDatabase.database.url), new Client(onDatabase.database.url)];
    await Promise.all([writer.connect(), deleter.connect()]);
    try {
      const [{ pid }] = (await deleter.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      await writer.query('BEGIN');
      await writer.query(`INSERT INTO skills (category_id, name, projects, sort_order) VALUES ($1, 'Held', ARRAY['ledger-lens'], 99)`, [
        categoryId,
      ]);
      let deletedYet = false;
      const deleted = deleter.query(`DELETE FROM projects WHERE slug = 'ledger-lens'`).then(() => (deletedYet = true));
      const deleteWaits = async () =>
        (await onDatabase.database.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [pid])).length > 0;
      // Without the lock the delete went through at once, and its trigger missed the skill not yet committed.
      await vi.waitFor(async () => expect(deletedYet || (await deleteWaits())).toBe(true));
      expect(deletedYet).toBe(false);
      await writer.query('COMMIT');
      await deleted;
      expect(await onDatabase.database.query(`SELECT projects FROM skills WHERE name = 'Held'`)).toEqual([{ projects: [] }]);
    } finally {
      await Promise.all([writer.end(), deleter.end()]);
    }
  });

  it('refuses a link to no project typed by hand in SQL, as a foreign key would, and lets linked projects go', async () => {
    await expect(onDatabase.database.query(`UPDATE skills SET projects = ARRAY['tidewatch', 'no-such-project']`)).rejects.toMatchObject({
      code: '23503',
      message: 'no project has the slug "no-such-project"',
    });
    expect(await linksTo('no-such-project')).toEqual([]);
    // The links a skill held already follow their projects, however many go in one statement.
    await onDatabase.database.query(`UPDATE skills SET projects = ARRAY['tidewatch', 'ledger-lens']`);
    await onDatabase.database.query(`DELETE FROM projects`);
    expect(await onDatabase.database.query(`SELECT DISTINCT projects FROM skills`)).toEqual([{ projects: [] }]);
  });

  describe('in the writes that take links', () => {
    const app = () => onDatabase.testApp.app;
    /** The places of a write's refusal, or none when it was taken. */
    const refusedAt = (work: () => Promise<unknown>) =>
      contentWritesOf(app())(work).then(
        () => [],
        (error: unknown) => {
          if (!(error instanceof RequestValidationException)) throw error;
          return error.issues.map(({ loc }) => loc);
        },
      );
    const firstCategory = async () => (await app().get(SkillCategoriesService).findCategories())[0];

    it('refuses a slug no project has at that item, in every write that takes links', async () => {
      const category = await firstCategory();
      const [skill] = category.skills;
      const skills = app().get(SkillsService);
      expect(await refusedAt(() => skills.patchSkill(skill.id, { projects: ['tidewatch', 'no-such-project'] }))).toEqual([
        ['body', 'projects', 1],
      ]);
      expect(await refusedAt(() => skills.replaceSkill(skill.id, { name: 'Go', projects: ['nope'] }))).toEqual([['body', 'projects', 0]]);
      expect(await refusedAt(() => skills.createSkill(category.id, { name: 'Go', projects: ['nope'] }))).toEqual([['body', 'projects', 0]]);
      expect(
        await refusedAt(() =>
          app()
            .get(SkillCategoriesService)
            .createCategory({ title: 'Tools', skills: [{ name: 'Make' }, { name: 'Go', projects: ['nope'] }] }),
        ),
      ).toEqual([['body', 'skills', 1, 'projects', 0]]);
      expect((await firstCategory()).skills.find((each) => each.id === skill.id)).toEqual(skill);
    });

    it('refuses a link whose project is deleted while the skill is written at that link, never a slug naming nothing', async () => {
      const [skill] = (await firstCategory()).skills;
      const written = holdCalls(app().get(SkillsRepository), 'update');
      const refusal = contentWritesOf(app())(() =>
        app()
          .get(SkillsService)
          .patchSkill(skill.id, { projects: ['ledger-lens'] }),
      ).catch((error: unknown) => error);
      // Checked, and about to be written, when the project goes.
      await vi.waitFor(() => expect(written.calls).toHaveBeenCalled());
      await onDatabase.database.query(`DELETE FROM projects WHERE slug = 'ledger-lens'`);
      written.restore();
      expect(((await refusal) as RequestValidationException).issues).toEqual([
        { loc: ['body', 'projects', 0], msg: unknownProject('ledger-lens'), type: 'value_error' },
      ]);
      expect(await onDatabase.database.query(`SELECT projects FROM skills WHERE id = $1`, [skill.id])).toEqual([
        { projects: skill.projects },
      ]);
    });

    it('checks an import within its document: a skill naming a project the document lacks is refused at that link', async () => {
      const [first, ...rest] = DEMO_CONTENT.projects;
      const locs = await refusedAt(() =>
        app()
          .get(PortfolioService)
          .import({ ...DEMO_CONTENT, projects: rest }),
      );
      expect(locs.length).toBeGreaterThan(0);
      for (const loc of locs)
        expect(loc).toEqual(['body', 'skills', expect.any(Number), 'skills', expect.any(Number), 'projects', expect.any(Number)]);
      expect(await linksTo(first.slug)).not.toEqual([]);
    });
  });
});
