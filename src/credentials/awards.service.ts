import { Injectable } from '@nestjs/common';
import type { AwardItem } from '@/content';
import { awardFromItem } from './credential-defaults';
import { toAward } from './credential.mapper';
import type { AwardDto } from './dto/award.dto';
import { AwardsRepository } from './persistence/awards.repository';

@Injectable()
export class AwardsService {
  constructor(private readonly awards: AwardsRepository) {}

  async findAll(): Promise<AwardDto[]> {
    return (await this.awards.findAll()).map(toAward);
  }

  /** Replaces every award with a content document's, in its order. */
  replaceAll(items: readonly AwardItem[]): Promise<void> {
    return this.awards.replaceAll(items.map(awardFromItem));
  }

  isEmpty(): Promise<boolean> {
    return this.awards.isEmpty();
  }
}
