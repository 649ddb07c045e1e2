import { Injectable, NotFoundException } from '@nestjs/common';
import { type Language, listedTranslations, type WorkEntryItem } from '@/content';
import { ContentListService } from '@/content-domain/content-list.service';
import type { WorkEntryDto } from './dto/work-entry.dto';
import { ExperienceRepository, type WorkEntry } from './persistence/experience.repository';
import { WORK_ENTRY_DEFAULTS, workEntryFromItem } from './work-entry-defaults';
import { toWorkEntry } from './work-entry.mapper';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';

/** Newest first: a new entry goes first. */
@Injectable()
@ContentDomainStore('experience')
export class ExperienceService extends ContentListService<WorkEntry, WorkEntryDto, WorkEntryItem> {
  constructor(entries: ExperienceRepository) {
    super(entries, {
      domain: 'experience',
      noun: 'Experience entry',
      newItemsGo: 'first',
      defaults: WORK_ENTRY_DEFAULTS,
      toDto: toWorkEntry,
      toItem: (entry) => ({ ...toWorkEntry(entry), ...listedTranslations(entry.translations) }),
      fromItem: workEntryFromItem,
    });
  }

  /** Newest first; `top` keeps only the N most recent. */
  async findRecent(top?: number, language?: Language): Promise<WorkEntryDto[]> {
    return (await this.findAll(language)).slice(0, top);
  }

  /** The entry at a position, 0 being the newest (the deprecated by-index read). */
  async findByIndex(index: number, language?: Language): Promise<WorkEntryDto> {
    const entry = index >= 0 ? (await this.findAll(language))[index] : undefined;
    if (!entry) throw new NotFoundException({ detail: `Experience entry at index ${index} not found` });
    return entry;
  }
}
