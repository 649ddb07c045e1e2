import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Migration MediaChangesAnnounced's trigger function, announcing each domain as `payload` (an SQL expression of `domain`) words it. */
const announceMediaChange = (payload: string) => `
      CREATE OR REPLACE FUNCTION announce_media_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        shown_before boolean := TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL;
        shown_after boolean := TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL;
        domain text;
      BEGIN
        IF shown_before OR shown_after THEN
          FOREACH domain IN ARRAY TG_ARGV LOOP
            PERFORM pg_notify('content_changed', ${payload});
          END LOOP;
        END IF;
        IF shown_before AND NOT shown_after THEN
          PERFORM pg_notify('media_hidden', OLD."id");
        END IF;
        RETURN NULL;
      END $$`;

/**
 * A picture's change announcement names the write of the service that made it, as a content
 * table's does (migration ChangeAnnouncementsNameTheirWrite): the instance that made it has
 * renewed its answers already, and knows the echo as its own rather than as a second change.
 */
export class MediaAnnouncementsNameTheirWrite1797500000000 implements MigrationInterface {
  name = 'MediaAnnouncementsNameTheirWrite1797500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(announceMediaChange(`domain || coalesce(':' || nullif(current_setting('portfolio.write', true), ''), '')`));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(announceMediaChange('domain'));
  }
}
