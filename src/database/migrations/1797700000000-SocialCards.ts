import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rendered social cards, shared by every instance and kept across restarts: a card is rendered once per change of what it shows. */
export class SocialCards1797700000000 implements MigrationInterface {
  name = 'SocialCards1797700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "social_cards" ("page" text NOT NULL, "hash" text NOT NULL, "png" bytea NOT NULL, "rendered_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_social_cards" PRIMARY KEY ("page"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "social_cards"`);
  }
}
