import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AWARDS } from '@/content';
import { DatabaseStatus } from '@/database/database-status';
import { PreparedBody } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model.service';
import { toAward } from './credential.mapper';
import type { AwardDto } from './dto/award.dto';
import { AwardEntity } from './entities/award.entity';

@Injectable()
export class AwardsService {
  constructor(
    @InjectRepository(AwardEntity) private readonly awards: Repository<AwardEntity>,
    private readonly database: DatabaseStatus,
    private readonly readModel: ReadModel,
  ) {}

  /** GET /api/awards, prepared once per change. */
  listBody(): Promise<PreparedBody> {
    return this.readModel.view('awards', 'list', async () => PreparedBody.of(await this.findAll()));
  }

  async findAll(): Promise<AwardDto[]> {
    if (!this.database.isConfigured) return [...AWARDS];
    return (await this.awards.find({ order: { sortOrder: 'ASC', createdAt: 'ASC' } })).map(toAward);
  }
}
