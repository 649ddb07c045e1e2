import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A skill names the projects that used it by slug, and the links follow the projects: a project
 * deleted leaves every skill's `projects`, a slug changed is renamed there, in the same
 * transaction and however the change is made (the API, an import, SQL typed by hand). Links
 * written before (a project's title, as the demo had them) become that project's slug; one that
 * names no project is dropped (the content history keeps the revision before).
 */
export class SkillProjectLinks1796400000000 implements MigrationInterface {
  name = 'SkillProjectLinks1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Only when a link names no slug: even an UPDATE of no row would be recorded as a change of skills.
    const [{ stale }] = (await queryRunner.query(`
      SELECT EXISTS (SELECT 1 FROM "skills" AS s, unnest(s."projects") AS link(name)
        WHERE NOT EXISTS (SELECT 1 FROM "projects" AS p WHERE p."slug" = link.name)) AS stale`)) as [{ stale: boolean }];
    if (stale) await this.linkBySlug(queryRunner);
    await queryRunner.query(`
      CREATE FUNCTION follow_project_links() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A statement on skills counts as a change of skills, even of no row: only when a skill links the project.
        IF NOT EXISTS (SELECT 1 FROM "skills" WHERE OLD."slug" = ANY("projects")) THEN
          RETURN NULL;
        END IF;
        IF TG_OP = 'DELETE' THEN
          UPDATE "skills" SET "projects" = array_remove("projects", OLD."slug") WHERE OLD."slug" = ANY("projects");
        ELSIF NEW."slug" IS DISTINCT FROM OLD."slug" THEN
          UPDATE "skills" SET "projects" = array_replace("projects", OLD."slug", NEW."slug") WHERE OLD."slug" = ANY("projects");
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "projects_follow_links" AFTER UPDATE OF "slug" OR DELETE ON "projects"
      FOR EACH ROW EXECUTE FUNCTION follow_project_links()`);
  }

  private async linkBySlug(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE "skills" AS s SET "projects" = COALESCE((
        SELECT array_agg(p."slug" ORDER BY link.position)
        FROM unnest(s."projects") WITH ORDINALITY AS link(name, position)
        JOIN "projects" AS p ON p."slug" = link.name OR (p."title" = link.name AND NOT EXISTS (
          SELECT 1 FROM "projects" AS bySlug WHERE bySlug."slug" = link.name))
      ), '{}')
      WHERE "projects" <> '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "projects_follow_links" ON "projects"`);
    await queryRunner.query(`DROP FUNCTION follow_project_links()`);
  }
}
