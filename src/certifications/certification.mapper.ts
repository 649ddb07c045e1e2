import { type CertificationItem, listedTranslations } from '@/content';
import type { CertificationDto } from './dto/certification.dto';
import type { Certification } from './persistence/certifications.repository';

export function toCertification(certification: Certification): CertificationDto {
  return {
    id: certification.id,
    title: certification.title,
    description: certification.description,
    iconType: certification.iconType,
    link: certification.link,
    linkText: certification.linkText,
    source: certification.source,
    badgeImageUrl: certification.badgeImageUrl,
    issuedAt: certification.issuedAt,
    expiresAt: certification.expiresAt,
    syncEnabled: certification.syncEnabled,
  };
}

/** A certification as a content document lists it: its provenance too. */
export function toCertificationItem(certification: Certification): CertificationItem {
  return {
    ...toCertification(certification),
    id: certification.id,
    externalId: certification.externalId,
    ...listedTranslations(certification.translations),
  };
}
