import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner's CV per language, uploaded or published; served before the shipped files. Not content: no change trigger. */
export class CvDocuments1796000000000 implements MigrationInterface {
  name = 'CvDocuments1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "cv_documents" ("lang" text NOT NULL, "origin" text NOT NULL, "pdf" bytea NOT NULL, "bytes" integer NOT NULL, "etag" text NOT NULL, "content_hash" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_cv_documents_origin" CHECK ("origin" IN ('upload', 'published')), CONSTRAINT "PK_cv_documents_lang" PRIMARY KEY ("lang"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "cv_documents"`);
  }
}
