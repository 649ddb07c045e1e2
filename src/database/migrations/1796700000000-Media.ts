import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner's pictures, each with its variants (every width and format, and the stripped original). Not content: no change trigger. */
export class Media1796700000000 implements MigrationInterface {
  name = 'Media1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "media_items" ("id" text NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "fallback" text NOT NULL, "bytes" integer NOT NULL, "placeholder" text NOT NULL, "alt" jsonb NOT NULL DEFAULT '{}', "focal_point" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c23c721eba990b8d9c28c48592c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "media_variants" ("media_id" text NOT NULL, "name" text NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "type" text NOT NULL, "bytes" integer NOT NULL, "body" bytea NOT NULL, CONSTRAINT "PK_fbbace0e9e0db3a5de5b1f9df66" PRIMARY KEY ("media_id", "name"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "media_variants" ADD CONSTRAINT "FK_753f0f51a9ad2ec1b896c61377e" FOREIGN KEY ("media_id") REFERENCES "media_items"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media_variants"`);
    await queryRunner.query(`DROP TABLE "media_items"`);
  }
}
