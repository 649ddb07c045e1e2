import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contact messages keep their mail delivery state: pending, sent, or failed with the reason. */
export class ContactDeliveryState1795424720833 implements MigrationInterface {
  name = 'ContactDeliveryState1795424720833';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" ADD "delivery_status" text NOT NULL DEFAULT 'pending'`);
    await queryRunner.query(`ALTER TABLE "contact_messages" ADD "delivery_error" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "delivery_error"`);
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "delivery_status"`);
  }
}
