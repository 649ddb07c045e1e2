/** An item in its place in the display order. */
export interface PlacedItem<T> {
  item: T;
  previous: T | undefined;
  next: T | undefined;
}

/**
 * What an update changes: the fields given, or the fields made from the item as it is at that
 * moment. (Written as a method's type, whose parameter is bivariant as `update`'s own is, so an
 * adapter over entities still implements a port over read shapes.)
 */
export type ItemChanges<T> = Partial<T> | { change(current: T): Partial<T> }['change'];

/** When an item was made and last changed: what a sitemap's lastmod and a feed's dates say. */
export interface ItemTimes {
  createdAt: Date;
  updatedAt: Date;
}

/** A write would give an item a key (a project's slug) another item has. */
export class KeyTaken extends Error {}

/** A write names an item of another collection (a skill's category) that is not there. */
export class ReferenceMissing extends Error {}

/**
 * A content domain's items, kept in display order and addressed by a key: the UUID, or a
 * project's slug. The port every content domain's service works against; a module picks its
 * adapter once (contentStorage): PostgreSQL, or the served content document, which refuses writes.
 */
export abstract class OrderedCollection<T> {
  abstract findAll(): Promise<T[]>;
  abstract findOne(key: string): Promise<T | undefined>;
  abstract findPlaced(key: string): Promise<PlacedItem<T> | undefined>;
  /** Adds the item first or last and answers its new id; rejects with KeyTaken or ReferenceMissing. */
  abstract add(item: Omit<T, 'id'>, at: 'first' | 'last'): Promise<string>;
  /**
   * Changes the item's fields, atomically against any other change of the same item (two PATCHes
   * of different fields both land); undefined when nothing has the key; rejects with KeyTaken.
   */
  abstract update(key: string, changes: ItemChanges<T>): Promise<T | undefined>;
  abstract remove(key: string): Promise<boolean>;
  /** Gives the items the order `arrange` makes of them, all at once or not at all. */
  abstract reorder(arrange: <R extends T>(items: R[]) => R[]): Promise<T[]>;
  /**
   * Replaces every item with these, in this order. `unchanged`: the keys of the items the caller
   * knows are stored as they are (their place aside), which are then not read or compared again.
   */
  abstract replaceAll(items: readonly T[], unchanged?: ReadonlySet<string>): Promise<void>;
  abstract count(): Promise<number>;
  /** Every item's times, by key. */
  abstract timesOf(): Promise<Map<string, ItemTimes>>;
  /** Until the caller's transaction ends, nothing else writes the items; reads go on. */
  abstract holdAgainstWrites(): Promise<void>;
}
