import { Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { HistoryModule } from '@/history/history.module';
import { JobsModule } from '@/jobs/jobs.module';
import { ContentPublishedEvents } from './content-published';
import { NoWebhooks, WebhooksRepository } from './persistence/webhooks.repository';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEvents } from './webhook-events.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Webhooks: receivers told of every change (signed, at least once), their deliveries made as jobs on the durable queue. */
@Module({
  imports: [JobsModule, HistoryModule],
  controllers: [WebhooksController],
  providers: [
    storageFor(WebhooksRepository, {
      postgres: async () => (await import('./persistence/typeorm-webhooks.repository.js')).typeOrmWebhooks,
      none: () => new NoWebhooks(),
    }),
    WebhookEvents,
    WebhookDeliveries,
    WebhooksService,
    ContentPublishedEvents,
  ],
  exports: [WebhookEvents],
})
export class WebhooksModule {}
