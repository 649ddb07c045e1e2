import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The content tables and the domains their changes belong to (as in ContentChangeTriggers and Profile). */
const CONTENT_TABLES: [table: string, domain: string][] = [
  ['profile', 'profile'],
  ['projects', 'projects'],
  ['work_entries', 'experience'],
  ['skill_categories', 'skills'],
  ['awards', 'awards'],
  ['certifications', 'certifications'],
];

/**
 * Content history. The content tables' statement trigger, besides announcing a change, now writes
 * it down: one `content_changes` row per transaction and domain, with the source and actor the
 * writing transaction set (`portfolio.source`, `portfolio.actor`, transaction-local; unset is SQL
 * typed by hand: "database"). The recorder turns those rows into revisions, whose snapshots and
 * items are content-addressed and shared. A database that already holds content starts its
 * history with it: one change per non-empty domain, recorded as made by "database".
 */
export class ContentHistory1796200000000 implements MigrationInterface {
  name = 'ContentHistory1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "content_changes" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "transaction_id" bigint NOT NULL, "domain" text NOT NULL, "source" text NOT NULL, "actor" text, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_content_changes_transaction_domain" UNIQUE ("transaction_id", "domain"), CONSTRAINT "ck_content_changes_source" CHECK ("source" IN ('api', 'import', 'restore', 'sync', 'seed', 'database')), CONSTRAINT "PK_226512bbd30b636a3f4ae34060f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "content_revisions" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "source" text NOT NULL, "actor" text, "domains" text array NOT NULL, "snapshot_ids" jsonb NOT NULL, CONSTRAINT "ck_content_revisions_source" CHECK ("source" IN ('api', 'import', 'restore', 'sync', 'seed', 'database')), CONSTRAINT "PK_750b063aa2aad282d6a5fd2db2a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "content_snapshot_items" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "hash" bytea NOT NULL, "body" json NOT NULL, CONSTRAINT "UQ_8ec864f526109ac9e912c20f322" UNIQUE ("hash"), CONSTRAINT "PK_a6710be05515813b4107d1e1b77" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "content_snapshots" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "hash" bytea NOT NULL, "item_ids" integer array NOT NULL, CONSTRAINT "UQ_c96f04ed57d223ee01aefae1369" UNIQUE ("hash"), CONSTRAINT "PK_b96406cae53862da8fb133d8a68" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO content_changes (transaction_id, domain, source, actor)
        VALUES (
          pg_current_xact_id()::text::bigint,
          TG_ARGV[0],
          coalesce(nullif(current_setting('portfolio.source', true), ''), 'database'),
          nullif(current_setting('portfolio.actor', true), '')
        )
        ON CONFLICT (transaction_id, domain) DO NOTHING;
        PERFORM pg_notify('content_changed', TG_ARGV[0]);
        RETURN NULL;
      END $$`);
    for (const [table, domain] of CONTENT_TABLES) {
      await queryRunner.query(
        `INSERT INTO content_changes (transaction_id, domain, source) SELECT pg_current_xact_id()::text::bigint, $1, 'database' WHERE EXISTS (SELECT 1 FROM "${table}")`,
        [domain],
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('content_changed', TG_ARGV[0]);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP TABLE "content_snapshots"`);
    await queryRunner.query(`DROP TABLE "content_snapshot_items"`);
    await queryRunner.query(`DROP TABLE "content_revisions"`);
    await queryRunner.query(`DROP TABLE "content_changes"`);
  }
}
