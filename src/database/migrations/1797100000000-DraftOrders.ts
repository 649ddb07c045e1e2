import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A draft stores only the items it changed of a list, with the list's keys in order (published and
 * drafted) beside them; a draft stored before keeps whole domains and no orders, and reads the same.
 */
export class DraftOrders1797100000000 implements MigrationInterface {
  name = 'DraftOrders1797100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content_drafts" ADD "orders" json`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // A draft of changed items alone cannot be read without its orders: it is discarded, as a draft is.
    await queryRunner.query(`DELETE FROM "content_drafts" WHERE "orders" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "content_drafts" DROP COLUMN "orders"`);
  }
}
