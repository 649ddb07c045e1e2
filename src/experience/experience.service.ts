import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { WORK_ENTRIES } from '@/content';
import { DatabaseStatus } from '@/database/database-status';
import { PreparedBody } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model.service';
import { reorderRows } from '@/database/reorder-rows';
import type { CreateWorkEntryDto } from './dto/create-work-entry.dto';
import type { UpdateWorkEntryDto } from './dto/update-work-entry.dto';
import type { WorkEntryDto } from './dto/work-entry.dto';
import { WorkEntryEntity } from './entities/work-entry.entity';
import { toWorkEntry } from './work-entry.mapper';

/** Ascending sort order is newest first; ties fall back to the newest insert. */
const NEWEST_FIRST = { sortOrder: 'ASC', createdAt: 'DESC' } as const;

const RESET_FIELDS = {
  location: '',
  type: '',
  description: '',
  responsibilities: [],
  technologies: [],
  note: null,
  additionalProjects: null,
  achievement: null,
};

@Injectable()
export class ExperienceService {
  constructor(
    @InjectRepository(WorkEntryEntity) private readonly entries: Repository<WorkEntryEntity>,
    private readonly database: DatabaseStatus,
    private readonly readModel: ReadModel,
  ) {}

  /** GET /api/experience?top=N: the list and each shorter top-N, prepared once per change. */
  async listBody(top?: number): Promise<PreparedBody> {
    const byTop = await this.readModel.view('experience', 'lists', async () => {
      const entries = await this.findAll();
      return entries.map((_, n) => PreparedBody.of(entries.slice(0, n))).concat(PreparedBody.of(entries));
    });
    return byTop[Math.min(top ?? byTop.length, byTop.length - 1)];
  }

  /** GET /api/experience/{index} (deprecated). */
  async entryBody(index: number): Promise<PreparedBody> {
    const entries = await this.readModel.view('experience', 'entries', async () =>
      (await this.findAll()).map((entry) => PreparedBody.of(entry)),
    );
    const body = index >= 0 ? entries[index] : undefined;
    if (!body) throw new NotFoundException({ detail: `Experience entry at index ${index} not found` });
    return body;
  }

  /** Newest first; `top` keeps only the N most recent. */
  async findAll(top?: number): Promise<WorkEntryDto[]> {
    if (!this.database.isConfigured) return WORK_ENTRIES.slice(0, top);
    if (top === 0) return [];
    return (await this.entries.find({ order: NEWEST_FIRST, take: top })).map(toWorkEntry);
  }

  /** A new entry goes first: it is the newest. */
  async create(dto: CreateWorkEntryDto): Promise<{ id: string }> {
    this.database.assertWritable();
    return this.entries.manager.transaction(async (manager) => {
      const repository = manager.getRepository(WorkEntryEntity);
      const first = await repository.minimum('sortOrder');
      const saved = await repository.save(repository.create({ ...RESET_FIELDS, ...dto, sortOrder: (first ?? 1) - 1 }));
      return { id: saved.id };
    });
  }

  /** PUT: every omitted optional field is reset. */
  async replace(id: string, dto: UpdateWorkEntryDto): Promise<WorkEntryDto> {
    return this.update(id, { ...RESET_FIELDS, ...dto });
  }

  /** PATCH: only the fields given change. */
  async patch(id: string, dto: UpdateWorkEntryDto): Promise<WorkEntryDto> {
    return this.update(id, dto);
  }

  async remove(id: string): Promise<void> {
    this.database.assertWritable();
    const { affected } = await this.entries.delete({ id });
    if (!affected) throw entryNotFound(id);
  }

  async reorder(order: readonly string[]): Promise<WorkEntryDto[]> {
    this.database.assertWritable();
    const ids = order.map((id) => id.toLowerCase());
    return (await reorderRows(this.entries, ids, NEWEST_FIRST, (entry) => entry.id, 'experience entry')).map(toWorkEntry);
  }

  private async update(id: string, changes: Partial<WorkEntryEntity>): Promise<WorkEntryDto> {
    this.database.assertWritable();
    const entry = await this.entries.findOneBy({ id });
    if (!entry) throw entryNotFound(id);
    return toWorkEntry(await this.entries.save(this.entries.merge(entry, changes)));
  }
}

function entryNotFound(id: string): NotFoundException {
  return new NotFoundException({ detail: `Experience entry ${id} not found` });
}
