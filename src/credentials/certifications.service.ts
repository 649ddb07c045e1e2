import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CERTIFICATIONS } from '@/content';
import { DatabaseStatus } from '@/database/database-status';
import { PreparedBody } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model.service';
import { toCertification } from './credential.mapper';
import type { CertificationDto } from './dto/certification.dto';
import { CertificationEntity } from './entities/certification.entity';

@Injectable()
export class CertificationsService {
  constructor(
    @InjectRepository(CertificationEntity) private readonly certifications: Repository<CertificationEntity>,
    private readonly database: DatabaseStatus,
    private readonly readModel: ReadModel,
  ) {}

  /** GET /api/certifications, prepared once per change. */
  listBody(): Promise<PreparedBody> {
    return this.readModel.view('certifications', 'list', async () => PreparedBody.of(await this.findAll()));
  }

  async findAll(): Promise<CertificationDto[]> {
    if (!this.database.isConfigured) return [...CERTIFICATIONS];
    return (await this.certifications.find({ order: { sortOrder: 'ASC', createdAt: 'ASC' } })).map(toCertification);
  }
}
