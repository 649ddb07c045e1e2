import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The profile's photo: a URL, or an uploaded picture's (/api/media/{media_id}); "" for none. */
export class ProfilePhoto1796800000000 implements MigrationInterface {
  name = 'ProfilePhoto1796800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profile" ADD "photo" text NOT NULL DEFAULT ''`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profile" DROP COLUMN "photo"`);
  }
}
