import { CONTENT_DOMAINS, type ContentDocument, type ContentDomain } from '@/content';
import { type ContentChange, keyOf } from '@/history/content-diff';

export interface MergedDraft {
  document: ContentDocument;
  /** Items the draft changed that were also changed directly since: the draft's version wins. */
  overridden: Omit<ContentChange, 'change'>[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft as it stands against the published content now: an item the draft did not change
 * since `base` (what was published when the draft last saw it) is the published one, so a direct
 * write is never undone; an item the draft changed is the draft's, and is `overridden` when a
 * direct write changed it too. A list keeps the draft's order when the draft moved items, else the
 * published order; items only one side added come after, in that side's order.
 */
export function mergeDraft(base: ContentDocument, draft: ContentDocument, published: ContentDocument): MergedDraft {
  const overridden: MergedDraft['overridden'] = [];
  const document = { version: 1 } as Record<string, unknown>;
  for (const domain of CONTENT_DOMAINS) {
    const parts = [base, draft, published].map((document) => asList(document[domain]));
    const merged = mergeList(domain, parts[0], parts[1], parts[2], overridden);
    document[domain] = domain === 'profile' ? (merged[0] ?? null) : merged;
  }
  return { document: document as unknown as ContentDocument, overridden };
}

/** A domain's part of a document as a list: the profile is one item, or none. */
export const asList = (part: unknown): unknown[] => (Array.isArray(part) ? part : part ? [part] : []);

function mergeList(
  domain: ContentDomain,
  base: unknown[],
  draft: unknown[],
  published: unknown[],
  overridden: MergedDraft['overridden'],
): unknown[] {
  const byKey = (items: unknown[]) => new Map(items.map((item) => [keyOf(domain, item), item]));
  const [was, drafted, live] = [byKey(base), byKey(draft), byKey(published)];
  const chosen = new Map<string | null, unknown>();
  for (const id of new Set([...was.keys(), ...drafted.keys(), ...live.keys()])) {
    const draftChanged = !same(was.get(id), drafted.get(id));
    if (draftChanged && !same(was.get(id), live.get(id))) overridden.push({ domain, id });
    const item = draftChanged ? drafted.get(id) : live.get(id);
    if (item !== undefined) chosen.set(id, item);
  }
  const keptOrder = (order: Map<string | null, unknown>) => [...order.keys()].filter((id) => was.has(id) && drafted.has(id));
  const draftMoved = !same(keptOrder(was), keptOrder(drafted));
  const [first, second] = draftMoved ? [drafted, live] : [live, drafted];
  const order = [...new Set([...first.keys(), ...second.keys()])].filter((id) => chosen.has(id));
  return order.map((id) => chosen.get(id));
}
