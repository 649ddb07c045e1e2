import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook receivers, their deliveries, and how far content events have been sent (from the newest
 * revision at this migration: what changed before webhooks existed is announced to nobody).
 */
export class Webhooks1797800000000 implements MigrationInterface {
  name = 'Webhooks1797800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "url" text NOT NULL, "events" text array NOT NULL, "description" text NOT NULL DEFAULT '', "enabled" boolean NOT NULL DEFAULT true, "secret" text NOT NULL, CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" text NOT NULL, "webhook_id" uuid NOT NULL, "event" text NOT NULL, "body" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_status" integer, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "delivered_at" TIMESTAMP WITH TIME ZONE, "next_attempt_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_webhook_deliveries_status" CHECK ("status" IN ('pending', 'delivered', 'failed')), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_webhook_created" ON "webhook_deliveries" ("webhook_id", "created_at")`);
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_event_cursors" ("source" text NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_fc1941dd2864dda4c93b30c84f8" PRIMARY KEY ("source"))`,
    );
    await queryRunner.query(
      `INSERT INTO "webhook_event_cursors" ("source", "position") SELECT 'content', COALESCE(MAX("id"), 0) FROM "content_revisions"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_event_cursors"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
  }
}
