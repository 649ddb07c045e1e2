import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Failed contact mails are sent again in the background; each message counts its attempts. */
export class ContactRedeliveryAttempts1795600000000 implements MigrationInterface {
  name = 'ContactRedeliveryAttempts1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" ADD "redelivery_attempts" integer NOT NULL DEFAULT 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "redelivery_attempts"`);
  }
}
