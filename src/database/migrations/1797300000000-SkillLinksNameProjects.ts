import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A skill whose links name a slug no project has. */
const STALE_SKILLS = `
  FROM "skills" AS s WHERE EXISTS (SELECT 1 FROM unnest(s."projects") AS link(name)
    WHERE NOT EXISTS (SELECT 1 FROM "projects" AS p WHERE p."slug" = link.name))`;

/**
 * Every slug a skill comes to link is a project's, as a foreign key would hold it: a skill written while
 * its project is deleted, or a link typed by hand in SQL, is refused (foreign_key_violation) instead
 * of left naming nothing. The project each link names is locked as a foreign key locks the row it
 * names (FOR KEY SHARE), so it cannot be deleted or renamed until the skill's write commits, and
 * then its own trigger (follow_project_links) follows the link. Links that name no project now are
 * dropped (the content history keeps the revision before).
 */
export class SkillLinksNameProjects1797300000000 implements MigrationInterface {
  name = 'SkillLinksNameProjects1797300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Only when a link names nothing: even an UPDATE of no row would be recorded as a change of skills.
    const [{ stale }] = (await queryRunner.query(`SELECT EXISTS (SELECT 1 ${STALE_SKILLS}) AS stale`)) as [{ stale: boolean }];
    if (stale)
      await queryRunner.query(`
        UPDATE "skills" AS kept SET "projects" = ARRAY(
          SELECT link.name FROM unnest(kept."projects") WITH ORDINALITY AS link(name, position)
          WHERE EXISTS (SELECT 1 FROM "projects" AS p WHERE p."slug" = link.name) ORDER BY link.position)
        WHERE kept."id" IN (SELECT s."id" ${STALE_SKILLS})`);
    await queryRunner.query(`
      CREATE FUNCTION check_project_links() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        link text;
      BEGIN
        FOREACH link IN ARRAY NEW."projects" LOOP
          -- A link the row held already is the project's to follow: its delete waits for this row's lock, then drops it.
          -- (Checked again, it would fail midway through a delete of several linked projects.)
          CONTINUE WHEN TG_OP = 'UPDATE' AND link = ANY(OLD."projects");
          PERFORM FROM "projects" WHERE "slug" = link FOR KEY SHARE;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'no project has the slug "%"', link
              USING ERRCODE = 'foreign_key_violation', TABLE = 'skills', COLUMN = 'projects';
          END IF;
        END LOOP;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER "skills_link_projects" AFTER INSERT OR UPDATE OF "projects" ON "skills"
      FOR EACH ROW EXECUTE FUNCTION check_project_links()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "skills_link_projects" ON "skills"`);
    await queryRunner.query(`DROP FUNCTION check_project_links()`);
  }
}
