import type { AwardItem, CertificationItem } from '@/content';
import type { Award } from './persistence/awards.repository';
import type { Certification } from './persistence/certifications.repository';

/** What optional fields are when a create, a PUT or a content document leaves them out. */
export const AWARD_DEFAULTS: Pick<Award, 'description' | 'iconName' | 'bgColor'> = { description: '', iconName: '', bgColor: '' };

export const CERTIFICATION_DEFAULTS: Omit<Certification, 'id' | 'title'> = {
  description: '',
  iconType: '',
  link: '',
  linkText: '',
  badgeImageUrl: null,
  issuedAt: null,
  expiresAt: null,
  source: 'manual',
  externalId: null,
  syncEnabled: true,
};

export const awardFromItem = (item: AwardItem): Award => ({ ...AWARD_DEFAULTS, ...item });

export const certificationFromItem = (item: CertificationItem): Certification => ({ ...CERTIFICATION_DEFAULTS, ...item });
