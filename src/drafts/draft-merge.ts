import { isDeepStrictEqual } from 'node:util';
import { asList, type ContentDomain, type DocumentParts, domainsOf, keyOf } from '@/content';
import type { ContentChange } from '@/history/content-diff';

type Key = string | null;

/** Of a list domain a draft stores item by item: its keys in order, published (when the draft last saw it) and drafted. */
export interface DraftOrder {
  base: Key[];
  draft: Key[];
}

/** By domain; a domain without one is stored whole (every item, in order). */
export type DraftOrders = Partial<Record<ContentDomain, DraftOrder>>;

/** What a draft stores: of the domains where it differs from the published content, the items that differ, and each list's order. */
export interface DraftChanges {
  /** The published items the draft's items replace. */
  base: DocumentParts;
  document: DocumentParts;
  orders: DraftOrders;
}

export interface MergedDraft {
  /** The draft's domains as it stands now. */
  parts: DocumentParts;
  /** Those of its domains where it differs from the published content now. */
  changed: ContentDomain[];
  /** Items the draft changed that were also changed directly since: the draft's version wins. */
  overridden: Omit<ContentChange, 'change'>[];
}

/** Equal as JSON: most items compared are, and are found so without serialising them. */
const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(a, b) || JSON.stringify(a) === JSON.stringify(b);
const sameKeys = (a: Key[], b: Key[]): boolean => a.length === b.length && a.every((key, index) => key === b[index]);

/** A side of a stored domain: its keys in order, and the items it holds (all of them when stored whole). */
interface Side {
  keys: Key[];
  items: Map<Key, unknown>;
}

const byKey = (domain: ContentDomain, items: unknown[]) => new Map(items.map((item) => [keyOf(domain, item), item]));

/**
 * Its keys are the order given, then any key of its items the order does not name: an earlier
 * version that stores a draft whole leaves the orders a later one wrote as they were (while both
 * run), and an item it added must not be lost for it.
 */
const sideOf = (domain: ContentDomain, part: unknown, order?: Key[]): Side => {
  const items = byKey(domain, asList(part));
  if (!order) return { keys: [...items.keys()], items };
  const named = new Set(order);
  return { keys: [...order, ...[...items.keys()].filter((key) => !named.has(key))], items };
};

/**
 * The draft as it stands against the published content now, in the domains the draft changed: an
 * item the draft did not change since `base` (what was published when the draft last saw it) is
 * the published one, so a direct write is never undone; an item the draft changed is the draft's,
 * and is `overridden` when a direct write changed it too. A list keeps the draft's order when the
 * draft moved items, else the published order; items only one side added come after, in that
 * side's order. `published` holds at least the draft's domains; `orders`, where a domain has one,
 * say that `base` and `draft` hold only the items that differ (an item in neither is unchanged).
 */
export function mergeDraft(base: DocumentParts, draft: DocumentParts, published: DocumentParts, orders?: DraftOrders | null): MergedDraft {
  const overridden: MergedDraft['overridden'] = [];
  const parts: Partial<Record<ContentDomain, unknown>> = {};
  const changed: ContentDomain[] = [];
  for (const domain of domainsOf(draft)) {
    const order = orders?.[domain];
    const was = sideOf(domain, base[domain], order?.base);
    const drafted = sideOf(domain, draft[domain], order?.draft);
    const { items, differs } = mergeList(domain, was, drafted, byKey(domain, asList(published[domain])), overridden);
    parts[domain] = domain === 'profile' ? (items[0] ?? null) : items;
    if (differs) changed.push(domain);
  }
  return { parts: parts as DocumentParts, changed, overridden };
}

/**
 * What a draft keeps: of the domains `drafted` holds, those that differ from `published`; of a list,
 * only the items that differ (added, removed or changed, the published one as its base) and both
 * orders. A domain where the two agree has nothing to merge: the published content is the draft's there.
 */
export function draftBetween(published: DocumentParts, drafted: DocumentParts): DraftChanges {
  const [base, document]: Partial<Record<ContentDomain, unknown>>[] = [{}, {}];
  const orders: DraftOrders = {};
  for (const domain of domainsOf(drafted)) {
    const change = domainChange(domain, published[domain], drafted[domain]);
    if (!change) continue;
    base[domain] = change.base;
    document[domain] = change.document;
    if (change.order) orders[domain] = change.order;
  }
  return { base: base as DocumentParts, document: document as DocumentParts, orders };
}

/** What a draft keeps of one domain (undefined: nothing, the two agree); a list's items that differ, with both orders. */
function domainChange(
  domain: ContentDomain,
  was: unknown,
  now: unknown,
): { base: unknown; document: unknown; order?: DraftOrder } | undefined {
  if (!Array.isArray(now)) return same(was, now) ? undefined : { base: was, document: now };
  const [before, after] = [byKey(domain, asList(was)), byKey(domain, now)];
  const differing = [...new Set([...before.keys(), ...after.keys()])].filter((key) => !same(before.get(key), after.get(key)));
  const order = { base: [...before.keys()], draft: [...after.keys()] };
  if (differing.length === 0 && sameKeys(order.base, order.draft)) return undefined;
  const held = (items: Map<Key, unknown>) => differing.filter((key) => items.has(key)).map((key) => items.get(key));
  return { base: held(before), document: held(after), order };
}

/**
 * One domain merged, and whether it `differs` from the published one: an item the draft did not
 * change is the published item itself, so only the draft's own changes and the order are compared.
 */
function mergeList(
  domain: ContentDomain,
  was: Side,
  drafted: Side,
  live: Map<Key, unknown>,
  overridden: MergedDraft['overridden'],
): { items: unknown[]; differs: boolean } {
  const chosen = new Map<Key, unknown>();
  let differs = false;
  for (const id of new Set([...was.keys, ...drafted.keys, ...live.keys()])) {
    const draftChanged = !same(was.items.get(id), drafted.items.get(id));
    if (draftChanged && !same(was.items.get(id), live.get(id))) overridden.push({ domain, id });
    const item = draftChanged ? drafted.items.get(id) : live.get(id);
    if (item !== undefined) chosen.set(id, item);
    differs ||= draftChanged && !same(item, live.get(id));
  }
  const [wasKeys, draftedKeys] = [new Set(was.keys), new Set(drafted.keys)];
  const keptOrder = (keys: Key[]) => keys.filter((id) => wasKeys.has(id) && draftedKeys.has(id));
  const draftMoved = !sameKeys(keptOrder(was.keys), keptOrder(drafted.keys));
  const liveOrder = [...live.keys()];
  const [first, second] = draftMoved ? [drafted.keys, liveOrder] : [liveOrder, drafted.keys];
  const order = [...new Set([...first, ...second])].filter((id) => chosen.has(id));
  differs ||= !sameKeys(order, liveOrder);
  return { items: order.map((id) => chosen.get(id)), differs };
}
