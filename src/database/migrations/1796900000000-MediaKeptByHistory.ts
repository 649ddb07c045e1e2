import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted picture is hidden, not gone, while a kept revision names it; content that names it
 * again (a restore, an import, a write, SQL typed by hand) shows it again, in the same
 * transaction. Its bytes may live in a blob instead of the row (MEDIA_STORAGE=azure-blob).
 */
export class MediaKeptByHistory1796900000000 implements MigrationInterface {
  name = 'MediaKeptByHistory1796900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_items" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "media_variants" ALTER COLUMN "body" DROP NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION media_named_again() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE media_items SET deleted_at = NULL
         WHERE deleted_at IS NOT NULL AND id = substring(to_jsonb(NEW) ->> TG_ARGV[0] FROM '^/api/media/([0-9a-f]{24})$');
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER projects_name_media AFTER INSERT OR UPDATE OF image ON projects FOR EACH ROW EXECUTE FUNCTION media_named_again('image')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER profile_names_media AFTER INSERT OR UPDATE OF photo ON profile FOR EACH ROW EXECUTE FUNCTION media_named_again('photo')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER profile_names_media ON profile`);
    await queryRunner.query(`DROP TRIGGER projects_name_media ON projects`);
    await queryRunner.query(`DROP FUNCTION media_named_again()`);
    await queryRunner.query(`DELETE FROM media_items WHERE deleted_at IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "media_variants" ALTER COLUMN "body" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "media_items" DROP COLUMN "deleted_at"`);
  }
}
