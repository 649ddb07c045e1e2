import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the change trigger records, as migration ContentHistory made it; only its announcement changes. */
const RECORD_CHANGE = `
        INSERT INTO content_changes (transaction_id, domain, source, actor)
        VALUES (
          pg_current_xact_id()::text::bigint,
          TG_ARGV[0],
          coalesce(nullif(current_setting('portfolio.source', true), ''), 'database'),
          nullif(current_setting('portfolio.actor', true), '')
        )
        ON CONFLICT (transaction_id, domain) DO NOTHING;`;

/**
 * A change announcement names the write of the service that made it: `<domain>:<write id>` when the
 * transaction set `portfolio.write` (a request's write), `<domain>` otherwise. The instance that
 * made the write has invalidated its answers already and knows the echo as its own.
 */
export class ChangeAnnouncementsNameTheirWrite1796600000000 implements MigrationInterface {
  name = 'ChangeAnnouncementsNameTheirWrite1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN${RECORD_CHANGE}
        PERFORM pg_notify('content_changed', TG_ARGV[0] || coalesce(':' || nullif(current_setting('portfolio.write', true), ''), ''));
        RETURN NULL;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN${RECORD_CHANGE}
        PERFORM pg_notify('content_changed', TG_ARGV[0]);
        RETURN NULL;
      END $$`);
  }
}
