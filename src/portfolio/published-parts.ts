import { Injectable } from '@nestjs/common';
import { frozen } from '@/common/frozen';
import type { ContentDomain, DocumentPart } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { ContentTransactions } from '@/content-store/content-transactions';

interface KeptPart {
  state: string;
  part: unknown;
}

/**
 * Each domain's part of the content document as last read while published, under the state its
 * store read it in (DomainStore.storedState). A domain whose rows are as they were then is not read
 * again: a draft write, its publish and the history's snapshot after it read a large domain once
 * between them, not each. One part is kept per domain, and only one the reading transaction has not
 * written itself (a draft's savepoint); parts are read-only (frozen), as every reader shares them.
 */
@Injectable()
export class PublishedParts {
  private readonly kept = new Map<ContentDomain, KeptPart>();

  constructor(
    private readonly stores: ContentDomainStores,
    private readonly transactions: ContentTransactions,
  ) {}

  async of<D extends ContentDomain>(domain: D): Promise<DocumentPart<D>> {
    const store = this.stores.of(domain);
    const state = await store.storedState();
    if (state === undefined) return store.exportPart();
    const kept = this.kept.get(domain);
    if (kept?.state === state) return kept.part as DocumentPart<D>;
    const part = await store.exportPart();
    // A write committed after the state was read gives a state never seen again: what is kept under the earlier one is never answered.
    if (!(await this.transactions.changedDomains()).includes(domain)) this.kept.set(domain, { state, part: frozen(part) });
    return part;
  }
}
