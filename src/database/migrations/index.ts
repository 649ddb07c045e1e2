import { InitialSchema1795319757117 } from './1795319757117-InitialSchema';
import { ContactDeliveryState1795424720833 } from './1795424720833-ContactDeliveryState';
import { ContactRedeliveryAttempts1795600000000 } from './1795600000000-ContactRedeliveryAttempts';
import { ContentChangeTriggers1795700000000 } from './1795700000000-ContentChangeTriggers';
import { Profile1795800000000 } from './1795800000000-Profile';
import { ContactDeliveryPerMail1795900000000 } from './1795900000000-ContactDeliveryPerMail';
import { CvDocuments1796000000000 } from './1796000000000-CvDocuments';
import { ContentTranslations1796100000000 } from './1796100000000-ContentTranslations';
import { ContentHistory1796200000000 } from './1796200000000-ContentHistory';
import { ContactAbuseAndRetention1796300000000 } from './1796300000000-ContactAbuseAndRetention';
import { SkillProjectLinks1796400000000 } from './1796400000000-SkillProjectLinks';
import { RevisionChanges1796500000000 } from './1796500000000-RevisionChanges';
import { ChangeAnnouncementsNameTheirWrite1796600000000 } from './1796600000000-ChangeAnnouncementsNameTheirWrite';
import { Media1796700000000 } from './1796700000000-Media';
import { ProfilePhoto1796800000000 } from './1796800000000-ProfilePhoto';
import { MediaKeptByHistory1796900000000 } from './1796900000000-MediaKeptByHistory';
import { ContentDrafts1797000000000 } from './1797000000000-ContentDrafts';
import { DraftOrders1797100000000 } from './1797100000000-DraftOrders';
import { MediaUploadedAs1797200000000 } from './1797200000000-MediaUploadedAs';
import { SkillLinksNameProjects1797300000000 } from './1797300000000-SkillLinksNameProjects';
import { MediaChangesAnnounced1797400000000 } from './1797400000000-MediaChangesAnnounced';
import { MediaAnnouncementsNameTheirWrite1797500000000 } from './1797500000000-MediaAnnouncementsNameTheirWrite';
import { DraftPublishFailure1797600000000 } from './1797600000000-DraftPublishFailure';
import { SocialCards1797700000000 } from './1797700000000-SocialCards';
import { Webhooks1797800000000 } from './1797800000000-Webhooks';

/** Every migration in order; listed by hand so the compiled app and the tests load the same set. */
export const MIGRATIONS = [
  InitialSchema1795319757117,
  ContactDeliveryState1795424720833,
  ContactRedeliveryAttempts1795600000000,
  ContentChangeTriggers1795700000000,
  Profile1795800000000,
  ContactDeliveryPerMail1795900000000,
  CvDocuments1796000000000,
  ContentTranslations1796100000000,
  ContentHistory1796200000000,
  ContactAbuseAndRetention1796300000000,
  SkillProjectLinks1796400000000,
  RevisionChanges1796500000000,
  ChangeAnnouncementsNameTheirWrite1796600000000,
  Media1796700000000,
  ProfilePhoto1796800000000,
  MediaKeptByHistory1796900000000,
  ContentDrafts1797000000000,
  DraftOrders1797100000000,
  MediaUploadedAs1797200000000,
  SkillLinksNameProjects1797300000000,
  MediaChangesAnnounced1797400000000,
  MediaAnnouncementsNameTheirWrite1797500000000,
  DraftPublishFailure1797600000000,
  SocialCards1797700000000,
  Webhooks1797800000000,
];
