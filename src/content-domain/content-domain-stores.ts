import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { CONTENT_DOMAINS, type ContentDomain, type DocumentPart, type Language } from '@/content';

/** What the portfolio as a whole (the content document, the CV) asks of each domain's service. */
export interface DomainStore<D extends ContentDomain = ContentDomain> {
  /** The domain's part of the content document, as it is now. */
  exportPart(): Promise<DocumentPart<D>>;
  /**
   * Replaces the domain's content with the document's part. `current`: the part as the caller's
   * transaction read it, held against other writes since (PortfolioService.holdForReplace), so an
   * item equal to its own there is known to be stored as it is.
   */
  replacePart(part: DocumentPart<D>, current?: DocumentPart<D>): Promise<void>;
  /** How many items the domain holds (the profile: 1 when it is set), as an export counts them. */
  count(): Promise<number>;
  /** The keys of its items as the content document names them (a list's ids or slugs); the profile, one item, has none. */
  keys(): Promise<string[]>;
  /** Until the caller's transaction ends, nothing else writes the domain; reads go on. */
  holdAgainstWrites(): Promise<void>;
  /** What a visitor reads of the domain in `language`: what the CV prints. */
  readIn(language: Language): Promise<unknown>;
}

/** Marks a domain's service as its store: `@ContentDomainStore('awards')`. */
export const ContentDomainStore = DiscoveryService.createDecorator<ContentDomain>();

/**
 * Every domain's store, found by its decorator once the modules are built (first asked for during
 * the seed, in a module's init): a new domain is served by the whole without an edit here.
 */
@Injectable()
export class ContentDomainStores {
  private stores: Map<ContentDomain, DomainStore> | undefined;

  constructor(private readonly discovery: DiscoveryService) {}

  of<D extends ContentDomain>(domain: D): DomainStore<D> {
    this.stores ??= this.discovered();
    return this.stores.get(domain) as DomainStore<D>;
  }

  private discovered(): Map<ContentDomain, DomainStore> {
    const stores = new Map<ContentDomain, DomainStore>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: ContentDomainStore.KEY })) {
      const domain = this.discovery.getMetadataByDecorator(ContentDomainStore, wrapper);
      if (domain) stores.set(domain, wrapper.instance as DomainStore);
    }
    const missing = CONTENT_DOMAINS.filter((domain) => !stores.has(domain));
    if (missing.length > 0) throw new Error(`No store for the content domains ${missing.join(', ')}`);
    return stores;
  }
}
