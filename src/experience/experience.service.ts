import { Injectable, NotFoundException } from '@nestjs/common';
import { applyPartialOrder } from '@/common/ordering/partial-order';
import type { WorkEntryItem } from '@/content';
import type { CreateWorkEntryDto } from './dto/create-work-entry.dto';
import type { UpdateWorkEntryDto } from './dto/update-work-entry.dto';
import type { WorkEntryDto } from './dto/work-entry.dto';
import { ExperienceRepository, type WorkEntry } from './persistence/experience.repository';
import { WORK_ENTRY_DEFAULTS, workEntryFromItem } from './work-entry-defaults';
import { toWorkEntry } from './work-entry.mapper';

@Injectable()
export class ExperienceService {
  constructor(private readonly entries: ExperienceRepository) {}

  /** Newest first; `top` keeps only the N most recent. */
  async findAll(top?: number): Promise<WorkEntryDto[]> {
    return (await this.entries.findAll()).slice(0, top).map(toWorkEntry);
  }

  /** The entry at a position, 0 being the newest (the deprecated by-index read). */
  async findByIndex(index: number): Promise<WorkEntryDto> {
    const entry = index >= 0 ? (await this.entries.findAll())[index] : undefined;
    if (!entry) throw new NotFoundException({ detail: `Experience entry at index ${index} not found` });
    return toWorkEntry(entry);
  }

  /** A new entry goes first: it is the newest. */
  async create(dto: CreateWorkEntryDto): Promise<{ id: string }> {
    return { id: await this.entries.add({ ...WORK_ENTRY_DEFAULTS, ...dto }, 'first') };
  }

  /** PUT: every omitted optional field is reset. */
  replace(id: string, dto: UpdateWorkEntryDto): Promise<WorkEntryDto> {
    return this.update(id, { ...WORK_ENTRY_DEFAULTS, ...dto });
  }

  /** PATCH: only the fields given change. */
  patch(id: string, dto: UpdateWorkEntryDto): Promise<WorkEntryDto> {
    return this.update(id, dto);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.entries.remove(id))) throw entryNotFound(id);
  }

  /** The listed entries first, in that order; the rest keep their order after them. */
  async reorder(order: readonly string[]): Promise<WorkEntryDto[]> {
    const ids = order.map((id) => id.toLowerCase());
    return (await this.entries.reorder((current) => applyPartialOrder(current, ids, (entry) => entry.id, 'experience entry'))).map(
      toWorkEntry,
    );
  }

  /** Replaces every entry with a content document's, newest first. */
  replaceAll(items: readonly WorkEntryItem[]): Promise<void> {
    return this.entries.replaceAll(items.map(workEntryFromItem));
  }

  isEmpty(): Promise<boolean> {
    return this.entries.isEmpty();
  }

  private async update(id: string, changes: Partial<WorkEntry>): Promise<WorkEntryDto> {
    const updated = await this.entries.update(id, changes);
    if (!updated) throw entryNotFound(id);
    return toWorkEntry(updated);
  }
}

function entryNotFound(id: string): NotFoundException {
  return new NotFoundException({ detail: `Experience entry ${id} not found` });
}
