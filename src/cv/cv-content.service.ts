import { Injectable } from '@nestjs/common';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import type { CvLanguage } from './cv-language';
import type { CvContent } from './cv-template';

/** The CV's content, read through the same services as the public reads. */
@Injectable()
export class CvContentService {
  constructor(private readonly stores: ContentDomainStores) {}

  /**
   * Each text in the CV's language where the owner wrote it, in English where not. One domain after
   * the other: inside a transaction (a draft's preview) they share one connection.
   */
  async current(lang: CvLanguage): Promise<CvContent> {
    const content: Partial<Record<ContentDomain, unknown>> = {};
    for (const domain of CONTENT_DOMAINS) content[domain] = await this.stores.of(domain).readIn(lang);
    return content as CvContent;
  }
}
