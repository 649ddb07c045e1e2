import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why the draft's scheduled publish could not be made (when, and the 422's issues): the schedule stops, the draft says why. */
export class DraftPublishFailure1797600000000 implements MigrationInterface {
  name = 'DraftPublishFailure1797600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content_drafts" ADD "publish_failure" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content_drafts" DROP COLUMN "publish_failure"`);
  }
}
