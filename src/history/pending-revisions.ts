import type { ContentDomain } from '@/content';
import type { PendingChange } from './persistence/content-history.repository';
import type { RevisionSource } from './revision-sources';

/** The revision a set of pending changes becomes. */
export interface PendingRevision {
  domains: Set<ContentDomain>;
  source: RevisionSource;
  actor: string | null;
}

/**
 * The revisions pending changes (in the order they were written) become: one per transaction.
 * Two transactions that changed the same domain before the recorder saw either are one revision
 * (the later one's source and actor): the content between them was never seen, so it cannot be
 * told apart. Transactions on other domains keep their own revision, and its snapshot is exact.
 */
export function pendingRevisions(changes: readonly PendingChange[]): PendingRevision[] {
  const byTransaction = Map.groupBy(changes, (change) => change.transactionId);
  const revisions: PendingRevision[] = [];
  for (const transaction of byTransaction.values()) {
    const { source, actor } = transaction.at(-1)!;
    const revision: PendingRevision = { domains: new Set(transaction.map((change) => change.domain)), source, actor };
    for (const earlier of revisions.filter((pending) => [...pending.domains].some((domain) => revision.domains.has(domain)))) {
      earlier.domains.forEach((domain) => revision.domains.add(domain));
      revisions.splice(revisions.indexOf(earlier), 1);
    }
    revisions.push(revision);
  }
  return revisions;
}
