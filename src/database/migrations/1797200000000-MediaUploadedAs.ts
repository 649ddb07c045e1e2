import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Content-Type a picture was uploaded as (its bytes found to be that), so that the same bytes
 * uploaded again as the same type find it without being decoded again. A picture kept before has
 * none, and its bytes uploaded again are processed as before, once.
 */
export class MediaUploadedAs1797200000000 implements MigrationInterface {
  name = 'MediaUploadedAs1797200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_items" ADD "uploaded_as" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_items" DROP COLUMN "uploaded_as"`);
  }
}
