import type { AwardItem } from '@/content';
import type { Award } from './persistence/awards.repository';

/** What an award's optional fields are when a create, a PUT or a content document leaves them out. */
export const AWARD_DEFAULTS: Pick<Award, 'description' | 'iconName' | 'bgColor' | 'translations'> = {
  description: '',
  iconName: '',
  bgColor: '',
  translations: {},
};

export const awardFromItem = (item: AwardItem): Award => ({ ...AWARD_DEFAULTS, ...item });
