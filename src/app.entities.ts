import type { Type as Class } from '@nestjs/common';
import { PORTFOLIO_DOMAINS } from './portfolio/portfolio-domains';
import { DraftPreviewKeyEntity } from './drafts/entities/draft-preview-key.entity';
import { ContentDraftEntity } from './drafts/entities/content-draft.entity';
import { ContactMessageEntity } from './contact/entities/contact-message.entity';
import { CvDocumentEntity } from './cv/entities/cv-document.entity';
import { CvDownloadDailyCountEntity } from './cv/entities/cv-download-daily-count.entity';
import { CvDownloadEventEntity } from './cv/entities/cv-download-event.entity';
import { ContentChangeEntity } from './history/entities/content-change.entity';
import { ContentRevisionEntity } from './history/entities/content-revision.entity';
import { ContentSnapshotItemEntity } from './history/entities/content-snapshot-item.entity';
import { ContentSnapshotEntity } from './history/entities/content-snapshot.entity';
import { MediaItemEntity } from './media/entities/media-item.entity';
import { MediaVariantEntity } from './media/entities/media-variant.entity';
import { SocialCardEntity } from './site/entities/social-card.entity';
import { WebhookDeliveryEntity } from './webhooks/entities/webhook-delivery.entity';
import { WebhookEventCursorEntity } from './webhooks/entities/webhook-event-cursor.entity';
import { WebhookEntity } from './webhooks/entities/webhook.entity';

/** The service's own tables, beside the content domains' (each domain's loadEntities in PORTFOLIO_DOMAINS). */
const SERVICE_ENTITIES = [
  ContactMessageEntity,
  CvDownloadEventEntity,
  CvDownloadDailyCountEntity,
  CvDocumentEntity,
  ContentChangeEntity,
  ContentRevisionEntity,
  ContentSnapshotEntity,
  ContentSnapshotItemEntity,
  MediaItemEntity,
  MediaVariantEntity,
  ContentDraftEntity,
  DraftPreviewKeyEntity,
  SocialCardEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  WebhookEventCursorEntity,
];

/**
 * Every entity of the service, in one place: the app's data source (app.module.ts), the
 * command-line tools (cli-data-source.ts) and the schema-drift test all load this list, and a
 * static test checks that every @Entity() under src/ is on it.
 */
export async function loadEntities(): Promise<Class[]> {
  const domains = await Promise.all(Object.values(PORTFOLIO_DOMAINS).map(({ loadEntities: load }) => load()));
  return [...domains.flat(), ...SERVICE_ENTITIES];
}
