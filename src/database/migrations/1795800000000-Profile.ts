import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner's profile: one row (id 1), or none; it announces its changes like every content table. */
export class Profile1795800000000 implements MigrationInterface {
  name = 'Profile1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "profile" ("id" smallint NOT NULL DEFAULT '1', "name" text NOT NULL, "headline" jsonb NOT NULL, "summary" jsonb NOT NULL, "location" text NOT NULL DEFAULT '', "email" text NOT NULL DEFAULT '', "website" text NOT NULL DEFAULT '', "links" jsonb NOT NULL DEFAULT '[]', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_profile_single_row" CHECK ("id" = 1), CONSTRAINT "PK_3dd8bfc97e4a77c70971591bdcb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "profile_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profile" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('profile')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profile"`);
  }
}
