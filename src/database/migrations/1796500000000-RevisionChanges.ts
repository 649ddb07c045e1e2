import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What each revision added, changed, removed or moved, item by item (empty for the revisions recorded before). */
export class RevisionChanges1796500000000 implements MigrationInterface {
  name = 'RevisionChanges1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content_revisions" ADD "changes" jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content_revisions" DROP COLUMN "changes"`);
  }
}
