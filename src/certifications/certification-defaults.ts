import type { CertificationItem } from '@/content';
import type { Certification } from './persistence/certifications.repository';

/** What a certification's optional fields are when a create, a PUT or a content document leaves them out. */
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
  translations: {},
};

export const certificationFromItem = (item: CertificationItem): Certification => ({ ...CERTIFICATION_DEFAULTS, ...item });
