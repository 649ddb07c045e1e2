import { DraftPreviewKeyEntity } from './drafts/entities/draft-preview-key.entity';
import { ContentDraftEntity } from './drafts/entities/content-draft.entity';
import { ContactMessageEntity } from './contact/entities/contact-message.entity';
import { AwardEntity } from './awards/entities/award.entity';
import { CertificationEntity } from './certifications/entities/certification.entity';
import { CvDocumentEntity } from './cv/entities/cv-document.entity';
import { CvDownloadDailyCountEntity } from './cv/entities/cv-download-daily-count.entity';
import { CvDownloadEventEntity } from './cv/entities/cv-download-event.entity';
import { ContentChangeEntity } from './history/entities/content-change.entity';
import { ContentRevisionEntity } from './history/entities/content-revision.entity';
import { ContentSnapshotItemEntity } from './history/entities/content-snapshot-item.entity';
import { ContentSnapshotEntity } from './history/entities/content-snapshot.entity';
import { WorkEntryEntity } from './experience/entities/work-entry.entity';
import { MediaItemEntity } from './media/entities/media-item.entity';
import { MediaVariantEntity } from './media/entities/media-variant.entity';
import { ProfileEntity } from './profile/entities/profile.entity';
import { ProjectEntity } from './projects/entities/project.entity';
import { SkillCategoryEntity } from './skills/entities/skill-category.entity';
import { SkillEntity } from './skills/entities/skill.entity';
import { SocialCardEntity } from './site/entities/social-card.entity';
import { WebhookDeliveryEntity } from './webhooks/entities/webhook-delivery.entity';
import { WebhookEventCursorEntity } from './webhooks/entities/webhook-event-cursor.entity';
import { WebhookEntity } from './webhooks/entities/webhook.entity';

/**
 * Every entity of the service, in one place: the app's data source (app.module.ts), the
 * migration CLI (ormconfig.ts) and the schema-drift test all use this list, and a static test
 * checks that every @Entity() under src/ is on it.
 */
export const ENTITIES = [
  ProfileEntity,
  ProjectEntity,
  WorkEntryEntity,
  SkillCategoryEntity,
  SkillEntity,
  AwardEntity,
  CertificationEntity,
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
