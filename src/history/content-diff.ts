import { type ContentDomain, keyOf } from '@/content';

export const ITEM_CHANGES = ['added', 'changed', 'removed', 'moved'] as const;
export type ItemChange = (typeof ITEM_CHANGES)[number];

/** One item a change touched: its domain, its id (a project's slug; null for the profile), and how. */
export interface ContentChange {
  domain: ContentDomain;
  id: string | null;
  change: ItemChange;
}

/** An item as a diff sees it: its key, and a fingerprint that differs when any of its fields does (its JSON, or a hash of that). */
export type KeyedItem = readonly [key: string | null, fingerprint: string];

/**
 * What changed between two versions of one domain's items (each in display order, as a content
 * document lists them): items removed, added, changed (their fields), and moved (the same item in
 * another place; the fewest moves that give the new order, so moving one item names that one).
 */
export function diffItems(domain: ContentDomain, before: readonly unknown[], after: readonly unknown[]): ContentChange[] {
  const keyed = (items: readonly unknown[]) => items.map((item): KeyedItem => [keyOf(domain, item), JSON.stringify(item)]);
  return diffKeyed(domain, keyed(before), keyed(after));
}

/** `diffItems` of items keyed and fingerprinted already. */
export function diffKeyed(domain: ContentDomain, before: readonly KeyedItem[], after: readonly KeyedItem[]): ContentChange[] {
  const was = new Map(before);
  const is = new Map(after);
  const change = (id: string | null, kind: ItemChange): ContentChange => ({ domain, id, change: kind });
  const removed = [...was.keys()].filter((id) => !is.has(id)).map((id) => change(id, 'removed'));
  const kept = (order: Map<string | null, string>) => [...order.keys()].filter((id) => was.has(id) && is.has(id));
  const stayed = new Set(longestCommonSequence(kept(was), kept(is)));
  const touched = [...is].flatMap(([id, body]): ContentChange[] => {
    if (!was.has(id)) return [change(id, 'added')];
    if (was.get(id) !== body) return [change(id, 'changed')];
    return stayed.has(id) ? [] : [change(id, 'moved')];
  });
  return [...removed, ...touched];
}

/**
 * The longest sequence of keys both orders hold in the same order. The common head and tail are
 * taken as they are; only what lies between is compared by dynamic programming (O(n·m)), so an
 * edit that moves nothing costs O(n), however long the list.
 */
function longestCommonSequence<T>(first: readonly T[], second: readonly T[]): T[] {
  let head = 0;
  while (head < first.length && head < second.length && first[head] === second[head]) head += 1;
  let tail = 0;
  while (tail < first.length - head && tail < second.length - head && first[first.length - 1 - tail] === second[second.length - 1 - tail])
    tail += 1;
  const middle = (order: readonly T[]) => order.slice(head, order.length - tail);
  return [...first.slice(0, head), ...commonByTable(middle(first), middle(second)), ...first.slice(first.length - tail)];
}

function commonByTable<T>(first: readonly T[], second: readonly T[]): T[] {
  const lengths = Array.from({ length: first.length + 1 }, () => new Uint32Array(second.length + 1));
  for (let i = first.length - 1; i >= 0; i -= 1)
    for (let j = second.length - 1; j >= 0; j -= 1)
      lengths[i][j] = first[i] === second[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  const common: T[] = [];
  for (let i = 0, j = 0; i < first.length && j < second.length;) {
    if (first[i] === second[j]) {
      common.push(first[i]);
      i += 1;
      j += 1;
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) i += 1;
    else j += 1;
  }
  return common;
}
