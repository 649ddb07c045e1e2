import type { MigrationInterface, QueryRunner } from 'typeorm';

const SOURCES = ['api', 'import', 'restore', 'sync', 'seed'];
const sourcesCheck = (sources: string[]) => `CHECK ("source" IN (${sources.map((source) => `'${source}'`).join(', ')}))`;

/**
 * The owner's draft: one working copy of the whole content (at most one row), beside what was
 * published when it last saw the published content; the key preview tokens are signed with (made
 * by the first instance that issues one); and "publish" as what made a revision.
 */
export class ContentDrafts1797000000000 implements MigrationInterface {
  name = 'ContentDrafts1797000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "content_drafts" ("id" smallint NOT NULL DEFAULT 1, "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "scheduled_at" TIMESTAMP WITH TIME ZONE, "base" json NOT NULL, "document" json NOT NULL, "overridden" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "ck_content_drafts_one" CHECK ("id" = 1), CONSTRAINT "PK_content_drafts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "draft_preview_keys" ("id" smallint NOT NULL DEFAULT 1, "key" bytea NOT NULL, CONSTRAINT "ck_draft_preview_keys_one" CHECK ("id" = 1), CONSTRAINT "PK_draft_preview_keys" PRIMARY KEY ("id"))`,
    );
    for (const table of ['content_changes', 'content_revisions']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "ck_${table}_source"`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "ck_${table}_source" ${sourcesCheck([...SOURCES, 'publish', 'database'])}`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['content_changes', 'content_revisions']) {
      await queryRunner.query(`DELETE FROM "${table}" WHERE "source" = 'publish'`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "ck_${table}_source"`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "ck_${table}_source" ${sourcesCheck([...SOURCES, 'database'])}`);
    }
    await queryRunner.query(`DROP TABLE "draft_preview_keys"`);
    await queryRunner.query(`DROP TABLE "content_drafts"`);
  }
}
