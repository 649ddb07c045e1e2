import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CERTIFICATIONS } from '@/content';
import { DatabaseStatus } from '@/database/database-status';
import { toCertification } from './credential.mapper';
import type { CertificationDto } from './dto/certification.dto';
import { CertificationEntity } from './entities/certification.entity';

@Injectable()
export class CertificationsService {
  constructor(
    @InjectRepository(CertificationEntity) private readonly certifications: Repository<CertificationEntity>,
    private readonly database: DatabaseStatus,
  ) {}

  async findAll(): Promise<CertificationDto[]> {
    if (!this.database.isConfigured) return [...CERTIFICATIONS];
    return (await this.certifications.find({ order: { sortOrder: 'ASC', createdAt: 'ASC' } })).map(toCertification);
  }
}
