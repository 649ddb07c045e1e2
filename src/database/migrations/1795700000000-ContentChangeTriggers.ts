import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each content table and the read-model domain its changes invalidate. */
const TABLES: [table: string, domain: string][] = [
  ['projects', 'projects'],
  ['work_entries', 'experience'],
  ['skill_categories', 'skills'],
  ['skills', 'skills'],
  ['awards', 'awards'],
  ['certifications', 'certifications'],
];

/**
 * Content tables announce their own changes: after any statement that inserts, updates, deletes
 * or truncates rows, `NOTIFY content_changed, '<domain>'` (sent at commit, once per domain and
 * transaction). Every instance LISTENs, so a change made by anything (the API, the sync, SQL
 * typed by hand, another service) is served everywhere.
 */
export class ContentChangeTriggers1795700000000 implements MigrationInterface {
  name = 'ContentChangeTriggers1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('content_changed', TG_ARGV[0]);
        RETURN NULL;
      END $$`);
    for (const [table, domain] of TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" ` +
          `FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('${domain}')`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of TABLES) await queryRunner.query(`DROP TRIGGER "${table}_content_changed" ON "${table}"`);
    await queryRunner.query('DROP FUNCTION notify_content_changed()');
  }
}
