import type { MigrationInterface, QueryRunner } from 'typeorm';

const TRANSLATED_TABLES = ['projects', 'work_entries', 'skill_categories', 'awards', 'certifications'];

/** Every item's texts in the languages other than English: `{ "nederlands": { "title": … } }`. */
export class ContentTranslations1796100000000 implements MigrationInterface {
  name = 'ContentTranslations1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TRANSLATED_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "translations" jsonb NOT NULL DEFAULT '{}'`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TRANSLATED_TABLES) await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "translations"`);
  }
}
