import type { MigrationInterface, QueryRunner } from 'typeorm';

const MAILS = ['notification', 'confirmation'];

/**
 * Contact messages a honeypot caught (`spam`) and mails withheld on purpose (status `withheld`:
 * spam, or a confirmation over its address's daily allowance), never sent nor tried again; and the
 * CV downloads of each language and day, which outlive the download events they count.
 */
export class ContactAbuseAndRetention1796300000000 implements MigrationInterface {
  name = 'ContactAbuseAndRetention1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" ADD "spam" boolean NOT NULL DEFAULT false`);
    for (const mail of MAILS) {
      await queryRunner.query(`ALTER TABLE "contact_messages" DROP CONSTRAINT "CHK_contact_messages_${mail}_status"`);
      await queryRunner.query(
        `ALTER TABLE "contact_messages" ADD CONSTRAINT "CHK_contact_messages_${mail}_status" ` +
          `CHECK ("${mail}_status" IN ('pending', 'sent', 'failed', 'refused', 'withheld'))`,
      );
    }
    await queryRunner.query(`CREATE INDEX "IDX_contact_messages_received_at" ON "contact_messages" ("received_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_cv_download_events_downloaded_at" ON "cv_download_events" ("downloaded_at")`);
    await queryRunner.query(`
      CREATE TABLE "cv_download_daily_counts" (
        "day" date NOT NULL,
        "locale" text NOT NULL,
        "downloads" integer NOT NULL,
        CONSTRAINT "PK_cv_download_daily_counts" PRIMARY KEY ("day", "locale")
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "cv_download_daily_counts"`);
    await queryRunner.query(`DROP INDEX "IDX_cv_download_events_downloaded_at"`);
    await queryRunner.query(`DROP INDEX "IDX_contact_messages_received_at"`);
    for (const mail of MAILS) {
      await queryRunner.query(`UPDATE "contact_messages" SET "${mail}_status" = 'refused' WHERE "${mail}_status" = 'withheld'`);
      await queryRunner.query(`ALTER TABLE "contact_messages" DROP CONSTRAINT "CHK_contact_messages_${mail}_status"`);
      await queryRunner.query(
        `ALTER TABLE "contact_messages" ADD CONSTRAINT "CHK_contact_messages_${mail}_status" ` +
          `CHECK ("${mail}_status" IN ('pending', 'sent', 'failed', 'refused'))`,
      );
    }
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "spam"`);
  }
}
