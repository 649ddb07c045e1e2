import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigger function, announcing each domain on `content_changed` as `payload` (an SQL
 * expression of `domain`) words it; migration MediaAnnouncementsNameTheirWrite adds the write's id.
 */
export const announceMediaChange = (payload: string) => `
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
 * A picture's change is announced by the database, however it is made (the API, a restore, SQL
 * typed by hand), as the content tables' changes are: at commit, every instance hears
 * `content_changed` for each content domain whose reads carry image sets (the trigger's
 * arguments) when a picture shown or once shown changes, and `media_hidden` with the picture's id
 * when a shown one is hidden or deleted, so that none serves its bytes from memory after.
 * PostgreSQL sends a notification once per transaction, however many rows repeat it.
 */
export class MediaChangesAnnounced1797400000000 implements MigrationInterface {
  name = 'MediaChangesAnnounced1797400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(announceMediaChange('domain'));
    await queryRunner.query(`
      CREATE TRIGGER "media_items_announce_changes" AFTER INSERT OR UPDATE OR DELETE ON "media_items"
      FOR EACH ROW EXECUTE FUNCTION announce_media_change('profile', 'projects')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "media_items_announce_changes" ON "media_items"`);
    await queryRunner.query(`DROP FUNCTION announce_media_change()`);
  }
}
