import type { AwardDto } from './dto/award.dto';
import type { Award } from './persistence/awards.repository';

export function toAward(award: Award): AwardDto {
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
