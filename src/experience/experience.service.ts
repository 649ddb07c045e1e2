import { Injectable, NotFoundException } from '@nestjs/common';
import { WORK_ENTRIES } from '@/content';
import { WorkEntryDto } from './dto/work-entry.dto';

@Injectable()
export class ExperienceService {
  /** Newest first; `top` keeps only the N most recent. */
  async findAll(top?: number): Promise<WorkEntryDto[]> {
    return WORK_ENTRIES.slice(0, top);
  }

  async findByIndex(index: number): Promise<WorkEntryDto> {
    const entry = index >= 0 ? WORK_ENTRIES[index] : undefined;
    if (!entry) throw new NotFoundException({ detail: `Experience entry at index ${index} not found` });
    return entry;
  }
}
