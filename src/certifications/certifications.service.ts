import { Injectable } from '@nestjs/common';
import type { CertificationItem } from '@/content';
import { ContentListService } from '@/content-domain/content-list.service';
import { CERTIFICATION_DEFAULTS, certificationFromItem } from './certification-defaults';
import { toCertification, toCertificationItem } from './certification.mapper';
import type { CertificationDto } from './dto/certification.dto';
import { type Certification, CertificationsRepository } from './persistence/certifications.repository';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';

/** What create fills in: a manual entry. What PUT resets: the editable fields, never where an entry came from. */
const { source: _source, externalId: _externalId, syncEnabled: _syncEnabled, ...EDITABLE_DEFAULTS } = CERTIFICATION_DEFAULTS;

/** New certifications are manual and go last. */
@Injectable()
@ContentDomainStore('certifications')
export class CertificationsService extends ContentListService<Certification, CertificationDto, CertificationItem> {
  constructor(certifications: CertificationsRepository) {
    super(certifications, {
      domain: 'certifications',
      noun: 'Certification',
      newItemsGo: 'last',
      defaults: EDITABLE_DEFAULTS,
      toDto: toCertification,
      toItem: toCertificationItem,
      fromItem: certificationFromItem,
    });
  }

  override create(dto: object): Promise<{ id: string }> {
    return super.create({ ...CERTIFICATION_DEFAULTS, ...dto });
  }

  /**
   * An owner's edit of an entry a provider synced locks it against the next sync (syncEnabled
   * false), unless the body asks to keep syncing; a manual entry is never synced, so its flag
   * changes only when the body sets it.
   */
  protected override adjusted(current: Certification, changes: Partial<Certification>): Partial<Certification> {
    return {
      ...changes,
      syncEnabled: current.source === 'manual' ? (changes.syncEnabled ?? current.syncEnabled) : changes.syncEnabled === true,
    };
  }
}
