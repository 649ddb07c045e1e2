import { Injectable } from '@nestjs/common';
import { CERTIFICATIONS } from '@/content';
import { CertificationDto } from './dto/certification.dto';

@Injectable()
export class CertificationsService {
  async findAll(): Promise<CertificationDto[]> {
    return [...CERTIFICATIONS];
  }
}
