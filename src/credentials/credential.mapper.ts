import type { AwardDto } from './dto/award.dto';
import type { CertificationDto } from './dto/certification.dto';
import type { AwardEntity } from './entities/award.entity';
import type { CertificationEntity } from './entities/certification.entity';

export function toAward(award: AwardEntity): AwardDto {
  return {
    id: award.id,
    title: award.title,
    organization: award.organization,
    year: award.year,
    description: award.description,
    iconName: award.iconName,
    bgColor: award.bgColor,
  };
}

export function toCertification(certification: CertificationEntity): CertificationDto {
  return {
    id: certification.id,
    title: certification.title,
    description: certification.description,
    iconType: certification.iconType,
    link: certification.link,
    linkText: certification.linkText,
    source: certification.source,
    badgeImageUrl: certification.badgeImageUrl,
    issuedAt: certification.issuedAt?.toISOString() ?? null,
    expiresAt: certification.expiresAt?.toISOString() ?? null,
  };
}
