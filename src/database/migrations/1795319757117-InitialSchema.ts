import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Content tables, contact messages and CV download events. Generated from the entities. */
export class InitialSchema1795319757117 implements MigrationInterface {
  name = 'InitialSchema1795319757117';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contact_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "email" text NOT NULL, "message" text NOT NULL, "company" text, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b74f96eb2edd977ccfba6533293" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "awards" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" text NOT NULL, "organization" text NOT NULL, "year" text NOT NULL, "description" text NOT NULL DEFAULT '', "icon_name" text NOT NULL DEFAULT '', "bg_color" text NOT NULL DEFAULT '', "sort_order" integer NOT NULL, CONSTRAINT "PK_bc3f6adc548ff46c76c03e06377" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "certifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" text NOT NULL, "description" text NOT NULL DEFAULT '', "icon_type" text NOT NULL DEFAULT '', "link" text NOT NULL DEFAULT '', "link_text" text NOT NULL DEFAULT '', "source" text NOT NULL DEFAULT 'manual', "external_id" text, "badge_image_url" text, "issued_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "sync_enabled" boolean NOT NULL DEFAULT true, "sort_order" integer NOT NULL, CONSTRAINT "uq_certifications_source_external_id" UNIQUE ("source", "external_id"), CONSTRAINT "PK_fd763d412e4a1fb1b6dadd6e72b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "cv_download_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "locale" text NOT NULL, "downloaded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_226385c2ff6c447791317210112" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_b87fb972d1fdf9b61923b22c5b" ON "cv_download_events"  ("locale") `);
    await queryRunner.query(
      `CREATE TABLE "work_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "company" text NOT NULL, "role" text NOT NULL, "period" text NOT NULL, "location" text NOT NULL DEFAULT '', "type" text NOT NULL DEFAULT '', "description" text NOT NULL DEFAULT '', "responsibilities" text array NOT NULL DEFAULT '{}', "technologies" text array NOT NULL DEFAULT '{}', "note" text, "additional_projects" jsonb, "achievement" text, "sort_order" integer NOT NULL, CONSTRAINT "PK_49570488fae06ae59c082ebb969" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "projects" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "slug" text NOT NULL, "title" text NOT NULL, "description" text NOT NULL, "long_description" text NOT NULL DEFAULT '', "technologies" text array NOT NULL DEFAULT '{}', "category" text NOT NULL DEFAULT '', "status" text NOT NULL DEFAULT '', "impact" text NOT NULL DEFAULT '', "demo" text NOT NULL DEFAULT '', "image" text NOT NULL DEFAULT '', "client" text NOT NULL DEFAULT '', "overview" text NOT NULL DEFAULT '', "challenge" text NOT NULL DEFAULT '', "solution" text NOT NULL DEFAULT '', "results" text array NOT NULL DEFAULT '{}', "responsibilities" text array NOT NULL DEFAULT '{}', "embedded_app" text, "publication_url" text, "thesis_url" text, "sort_order" integer NOT NULL, CONSTRAINT "PK_6271df0a7aed1d6c0691ce6ac50" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_96e045ab8b0271e5f5a91eae1e" ON "projects"  ("slug") `);
    await queryRunner.query(
      `CREATE TABLE "skills" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "category_id" uuid NOT NULL, "name" text NOT NULL, "projects" text array NOT NULL DEFAULT '{}', "sort_order" integer NOT NULL, CONSTRAINT "PK_0d3212120f4ecedf90864d7e298" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_47dd0ade7ed449a7aca9b9e675" ON "skills"  ("category_id") `);
    await queryRunner.query(
      `CREATE TABLE "skill_categories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" text NOT NULL, "icon_name" text NOT NULL DEFAULT '', "icon_color" text NOT NULL DEFAULT '', "sort_order" integer NOT NULL, CONSTRAINT "PK_efce364bf7be7b92b7d7f948663" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "skills" ADD CONSTRAINT "FK_47dd0ade7ed449a7aca9b9e6752" FOREIGN KEY ("category_id") REFERENCES "skill_categories"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "skills" DROP CONSTRAINT "FK_47dd0ade7ed449a7aca9b9e6752"`);
    await queryRunner.query(`DROP TABLE "skill_categories"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_47dd0ade7ed449a7aca9b9e675"`);
    await queryRunner.query(`DROP TABLE "skills"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_96e045ab8b0271e5f5a91eae1e"`);
    await queryRunner.query(`DROP TABLE "projects"`);
    await queryRunner.query(`DROP TABLE "work_entries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b87fb972d1fdf9b61923b22c5b"`);
    await queryRunner.query(`DROP TABLE "cv_download_events"`);
    await queryRunner.query(`DROP TABLE "certifications"`);
    await queryRunner.query(`DROP TABLE "awards"`);
    await queryRunner.query(`DROP TABLE "contact_messages"`);
  }
}
