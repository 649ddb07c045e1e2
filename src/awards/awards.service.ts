import { Injectable } from '@nestjs/common';
import { type AwardItem, listedTranslations } from '@/content';
import { ContentListService } from '@/content-domain/content-list.service';
import { AWARD_DEFAULTS, awardFromItem } from './award-defaults';
import { toAward } from './award.mapper';
import type { AwardDto } from './dto/award.dto';
import { type Award, AwardsRepository } from './persistence/awards.repository';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';

/** New awards go last. */
@Injectable()
@ContentDomainStore('awards')
export class AwardsService extends ContentListService<Award, AwardDto, AwardItem> {
  constructor(awards: AwardsRepository) {
    super(awards, {
      domain: 'awards',
      noun: 'Award',
      newItemsGo: 'last',
      defaults: AWARD_DEFAULTS,
      toDto: toAward,
      toItem: (award) => ({ ...toAward(award), id: award.id, ...listedTranslations(award.translations) }),
      fromItem: awardFromItem,
    });
  }
}
