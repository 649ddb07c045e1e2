import { Injectable } from '@nestjs/common';
import { CONTENT_DOMAINS } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import type { CvLanguage } from './cv-language';
import type { CvContent } from './cv-template';

/** The CV's content, read through the same services as the public reads. */
@Injectable()
export class CvContentService {
  constructor(private readonly stores: ContentDomainStores) {}

  /** Each text in the CV's language where the owner wrote it, in English where not. */
  async current(lang: CvLanguage): Promise<CvContent> {
    const parts = await Promise.all(CONTENT_DOMAINS.map(async (domain) => [domain, await this.stores.of(domain).readIn(lang)] as const));
    return Object.fromEntries(parts) as CvContent;
  }
}
