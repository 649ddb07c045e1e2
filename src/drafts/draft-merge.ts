import { type ContentDomain, type DocumentParts, domainsOf } from '@/content';
import { type ContentChange, keyOf } from '@/history/content-diff';

export interface MergedDraft {
  /** The draft's domains as it stands now. */
  parts: DocumentParts;
  /** Those of its domains where it differs from the published content now. */
  changed: ContentDomain[];
  /** Items the draft changed that were also changed directly since: the draft's version wins. */
  overridden: Omit<ContentChange, 'change'>[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `same` for two parts, a list compared item by item up to the first that differs. */
const sameParts = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, index) => same(item, b[index])) : same(a, b);

/**
 * The draft as it stands against the published content now, in the domains the draft changed: an
 * item the draft did not change since `base` (what was published when the draft last saw it) is
 * the published one, so a direct write is never undone; an item the draft changed is the draft's,
 * and is `overridden` when a direct write changed it too. A list keeps the draft's order when the
 * draft moved items, else the published order; items only one side added come after, in that
 * side's order. `published` holds at least the draft's domains.
 */
export function mergeDraft(base: DocumentParts, draft: DocumentParts, published: DocumentParts): MergedDraft {
  const overridden: MergedDraft['overridden'] = [];
  const parts: Partial<Record<ContentDomain, unknown>> = {};
  const changed: ContentDomain[] = [];
  for (const domain of domainsOf(draft)) {
    const { items, differs } = mergeList(domain, asList(base[domain]), asList(draft[domain]), asList(published[domain]), overridden);
    parts[domain] = domain === 'profile' ? (items[0] ?? null) : items;
    if (differs) changed.push(domain);
  }
  return { parts: parts as DocumentParts, changed, overridden };
}

/** The domains of `drafted` whose parts differ from `published`'s. */
const differingDomains = (published: DocumentParts, drafted: DocumentParts): ContentDomain[] =>
  domainsOf(drafted).filter((domain) => !sameParts(published[domain], drafted[domain]));

/**
 * What a draft keeps: of the domains `drafted` holds, those that differ from `published` (the
 * draft's part, and the published one as its base). A domain where the two agree has nothing to
 * merge: the published content is the draft's there.
 */
export function draftBetween(published: DocumentParts, drafted: DocumentParts): { base: DocumentParts; document: DocumentParts } {
  const changed = differingDomains(published, drafted);
  const pick = (parts: DocumentParts) => Object.fromEntries(changed.map((domain) => [domain, parts[domain]])) as DocumentParts;
  return { base: pick(published), document: pick(drafted) };
}

/** A domain's part of a document as a list: the profile is one item, or none. */
export const asList = (part: unknown): unknown[] => (Array.isArray(part) ? part : part ? [part] : []);

/**
 * One domain merged, and whether it `differs` from the published one: an item the draft did not
 * change is the published item itself, so only the draft's own changes and the order are compared.
 */
function mergeList(
  domain: ContentDomain,
  base: unknown[],
  draft: unknown[],
  published: unknown[],
  overridden: MergedDraft['overridden'],
): { items: unknown[]; differs: boolean } {
  const byKey = (items: unknown[]) => new Map(items.map((item) => [keyOf(domain, item), item]));
  const [was, drafted, live] = [byKey(base), byKey(draft), byKey(published)];
  const chosen = new Map<string | null, unknown>();
  let differs = false;
  for (const id of new Set([...was.keys(), ...drafted.keys(), ...live.keys()])) {
    const draftChanged = !same(was.get(id), drafted.get(id));
    if (draftChanged && !same(was.get(id), live.get(id))) overridden.push({ domain, id });
    const item = draftChanged ? drafted.get(id) : live.get(id);
    if (item !== undefined) chosen.set(id, item);
    differs ||= draftChanged && !same(item, live.get(id));
  }
  const keptOrder = (order: Map<string | null, unknown>) => [...order.keys()].filter((id) => was.has(id) && drafted.has(id));
  const draftMoved = !same(keptOrder(was), keptOrder(drafted));
  const [first, second] = draftMoved ? [drafted, live] : [live, drafted];
  const order = [...new Set([...first.keys(), ...second.keys()])].filter((id) => chosen.has(id));
  const liveOrder = [...live.keys()];
  differs ||= order.length !== liveOrder.length || order.some((id, index) => id !== liveOrder[index]);
  return { items: order.map((id) => chosen.get(id)), differs };
}
