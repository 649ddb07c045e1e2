import { Injectable } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import {
  asList,
  CONTENT_DOMAINS,
  type ContentDocument,
  type ContentDomain,
  type DocumentParts,
  domainsOf,
  keyOf,
  leaderOf,
} from '@/content';
import type { ContentSource } from '@/content-store/content-attribution';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { ContentTransactions } from '@/content-store/content-transactions';
import { checkedWith, documentIssues } from './document-rules';
import type { ContentCountsDto } from './dto/content-document.dto';

/** The whole portfolio at once: every content domain, through its store. */
@Injectable()
export class PortfolioService {
  constructor(
    private readonly stores: ContentDomainStores,
    private readonly transactions: ContentTransactions,
  ) {}

  /** The current content as one document, each list in display order. */
  async export(): Promise<ContentDocument> {
    return { version: 1, ...(await this.exportParts(CONTENT_DOMAINS)) };
  }

  /**
   * The parts of the document that hold these domains (the document's keys are the domains'
   * names). One domain after the other: inside a transaction they share one connection.
   */
  async exportParts<D extends ContentDomain>(domains: readonly D[]): Promise<Pick<ContentDocument, D>> {
    const parts: Partial<Record<D, unknown>> = {};
    for (const domain of domains) parts[domain] = await this.stores.of(domain).exportPart();
    return parts as Pick<ContentDocument, D>;
  }

  /**
   * Replaces all content with the document's, in one transaction: all of it, or nothing. The
   * history records it as made by `source`: an import, or a restore of an earlier revision.
   */
  import(document: ContentDocument, source: Extract<ContentSource, 'import' | 'restore'> = 'import'): Promise<ContentCountsDto> {
    return this.replaceChecked(document, CONTENT_DOMAINS, source);
  }

  /**
   * Puts these domains' parts in place in one transaction, checked as an import is against the
   * stored parts the rules read beside them (`storedToCheck`: a draft deleting a project, with the skills);
   * no other domain is read or written, so a direct write to one meanwhile stays. Answers how many
   * items each domain holds then. `current`: as in replaceParts.
   */
  replaceChecked(
    parts: DocumentParts,
    domains: readonly ContentDomain[],
    source: Extract<ContentSource, 'import' | 'restore' | 'publish'>,
    current?: DocumentParts,
  ): Promise<ContentCountsDto> {
    return this.transactions.run(
      async () => {
        const beside = await this.exportParts(await this.storedToCheck(parts, domains, current));
        const issues = documentIssues({ ...beside, ...parts });
        if (issues.length > 0) throw new RequestValidationException(issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] })));
        await this.replaceParts(parts, domains, current);
        return this.counts();
      },
      { source },
    );
  }

  /**
   * The stored domains the rules read beside `parts` to check them (`checkedWith`), but a follower
   * whose leader's part keeps every key the leader holds now: a follower's stored links follow its
   * leader's keys (FOLLOWING_DOMAINS), so only a key the parts drop can leave one naming nothing.
   */
  private async storedToCheck(parts: DocumentParts, domains: readonly ContentDomain[], current?: DocumentParts): Promise<ContentDomain[]> {
    const checked: ContentDomain[] = [];
    for (const domain of checkedWith(domains).filter((domain) => !Object.hasOwn(parts, domain))) {
      const leader = leaderOf(domain);
      if (!leader || !Object.hasOwn(parts, leader) || (await this.dropsAKey(parts, leader, current))) checked.push(domain);
    }
    return checked;
  }

  /** Whether the parts drop a key the domain holds now (as `current` has it, when held since: replaceParts). */
  private async dropsAKey(parts: DocumentParts, domain: ContentDomain, current?: DocumentParts): Promise<boolean> {
    const keysIn = (document: DocumentParts) => asList(document[domain]).map((item) => keyOf(domain, item));
    const kept = new Set(keysIn(parts));
    const held = current && Object.hasOwn(current, domain) ? keysIn(current) : await this.stores.of(domain).keys();
    return held.some((key) => !kept.has(key));
  }

  /**
   * From now until the caller's transaction (a replace, which runs alone: ContentWriteGate) ends,
   * nothing else writes these domains, not even SQL typed by hand (reads go on): what is read of
   * them now is what the replace then writes over.
   */
  holdForReplace(domains: readonly ContentDomain[]): Promise<void> {
    return this.transactions.run(async () => {
      for (const domain of CONTENT_DOMAINS) if (domains.includes(domain)) await this.stores.of(domain).holdAgainstWrites();
    });
  }

  /** Fills the store from the document when it holds no content at all; answers whether it did. */
  seedIfEmpty(document: ContentDocument): Promise<boolean> {
    return this.transactions.run(
      async () => {
        if (!(await this.isEmpty())) return false;
        await this.replaceParts(document, CONTENT_DOMAINS);
        return true;
      },
      { source: 'seed' },
    );
  }

  /** One domain after the other: inside a transaction they share one connection. */
  private async isEmpty(): Promise<boolean> {
    for (const domain of CONTENT_DOMAINS) {
      if ((await this.stores.of(domain).count()) > 0) return false;
    }
    return true;
  }

  /** How many items each domain holds, as an export would list them. */
  async counts(): Promise<ContentCountsDto> {
    const counts: Partial<Record<ContentDomain, number>> = {};
    for (const domain of CONTENT_DOMAINS) counts[domain] = await this.stores.of(domain).count();
    return counts as ContentCountsDto;
  }

  /**
   * Puts these domains' parts (of a document this service exported; those the parts hold) in place, inside the caller's
   * transaction, without checking them again. In the declaration's order: the projects are in
   * place before the skills that link to them. `current`: the parts as the transaction read them,
   * held since (holdForReplace): what equals them is known to be stored, and not read again.
   */
  async replaceParts(parts: DocumentParts, domains: readonly ContentDomain[], current?: DocumentParts): Promise<void> {
    for (const domain of domainsOf(parts))
      if (domains.includes(domain)) await this.stores.of(domain).replacePart(parts[domain]!, current?.[domain]);
  }
}
