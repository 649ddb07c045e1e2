import type { MigrationInterface, QueryRunner } from 'typeorm';

const MAILS = ['notification', 'confirmation'] as const;

/**
 * Each contact mail keeps its own delivery (status, attempts, error), so redelivery sends only
 * the mail that did not go out, and a permanent refusal (status refused) is never tried again.
 * Existing rows carry their message's state over to both mails; the first try counts as an attempt.
 */
export class ContactDeliveryPerMail1795900000000 implements MigrationInterface {
  name = 'ContactDeliveryPerMail1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const mail of MAILS) {
      await queryRunner.query(`
        ALTER TABLE "contact_messages"
          ADD "${mail}_status" text NOT NULL DEFAULT 'pending'
            CONSTRAINT "CHK_contact_messages_${mail}_status" CHECK ("${mail}_status" IN ('pending', 'sent', 'failed', 'refused')),
          ADD "${mail}_attempts" integer NOT NULL DEFAULT 0,
          ADD "${mail}_error" text`);
      await queryRunner.query(`
        UPDATE "contact_messages"
        SET "${mail}_status" = "delivery_status", "${mail}_attempts" = "redelivery_attempts" + 1, "${mail}_error" = "delivery_error"`);
    }
    await queryRunner.query(`ALTER TABLE "contact_messages" ADD "last_attempt_at" timestamptz NOT NULL DEFAULT now()`);
    await queryRunner.query(`UPDATE "contact_messages" SET "last_attempt_at" = "received_at"`);
    await queryRunner.query(
      `ALTER TABLE "contact_messages" DROP COLUMN "delivery_status", DROP COLUMN "delivery_error", DROP COLUMN "redelivery_attempts"`,
    );
    await queryRunner.query(`
      CREATE INDEX "IDX_contact_messages_undelivered" ON "contact_messages" ("received_at")
      WHERE "notification_status" IN ('pending', 'failed') OR "confirmation_status" IN ('pending', 'failed')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_contact_messages_undelivered"`);
    await queryRunner.query(`
      ALTER TABLE "contact_messages"
        ADD "delivery_status" text NOT NULL DEFAULT 'pending',
        ADD "delivery_error" text,
        ADD "redelivery_attempts" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE "contact_messages" SET
        "delivery_status" = CASE
          WHEN "notification_status" = 'sent' AND "confirmation_status" = 'sent' THEN 'sent'
          WHEN 'pending' IN ("notification_status", "confirmation_status") THEN 'pending'
          ELSE 'failed' END,
        "delivery_error" = COALESCE("notification_error", "confirmation_error"),
        "redelivery_attempts" = GREATEST("notification_attempts", "confirmation_attempts", 1) - 1`);
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "last_attempt_at"`);
    for (const mail of MAILS) {
      await queryRunner.query(
        `ALTER TABLE "contact_messages" DROP COLUMN "${mail}_status", DROP COLUMN "${mail}_attempts", DROP COLUMN "${mail}_error"`,
      );
    }
  }
}
