import { Injectable } from '@nestjs/common';
import type { CertificationItem } from '@/content';
import { certificationFromItem } from './credential-defaults';
import { toCertification } from './credential.mapper';
import type { CertificationDto } from './dto/certification.dto';
import { CertificationsRepository } from './persistence/certifications.repository';

@Injectable()
export class CertificationsService {
  constructor(private readonly certifications: CertificationsRepository) {}

  async findAll(): Promise<CertificationDto[]> {
    return (await this.certifications.findAll()).map(toCertification);
  }

  /** Replaces every certification with a content document's, in its order. */
  replaceAll(items: readonly CertificationItem[]): Promise<void> {
    return this.certifications.replaceAll(items.map(certificationFromItem));
  }

  isEmpty(): Promise<boolean> {
    return this.certifications.isEmpty();
  }
}
