import { ServiceUnavailableException } from '@nestjs/common';
import { type ItemTimes, type PlacedItem, OrderedCollection } from './ordered-collection';

/** Every write to the served content document: without a database it cannot be changed (503). */
export const refuseWrite = (): Promise<never> =>
  Promise.reject(new ServiceUnavailableException({ detail: 'No database is configured: content is read-only from the built-in data set' }));

/** The item with the key among items in display order, with its neighbours. */
export function placedIn<T>(items: readonly T[], key: string, keyOf: (item: T) => string): PlacedItem<T> | undefined {
  const index = items.findIndex((item) => keyOf(item) === key);
  if (index < 0) return undefined;
  return { item: items[index], previous: items[index - 1], next: items[index + 1] };
}

/** A domain's items as the served content document lists them, each made and changed when the document was; writes answer 503. */
export class DocumentCollection<T> extends OrderedCollection<T> {
  readonly add = refuseWrite;
  readonly update = refuseWrite;
  readonly remove = refuseWrite;
  readonly reorder = refuseWrite;
  readonly replaceAll = refuseWrite;
  readonly holdAgainstWrites = refuseWrite;

  constructor(
    private readonly items: readonly T[],
    private readonly keyOf: (item: T) => string,
    private readonly changedAt: Date,
  ) {
    super();
  }

  async findAll(): Promise<T[]> {
    return [...this.items];
  }

  async findOne(key: string): Promise<T | undefined> {
    return this.items.find((item) => this.keyOf(item) === key);
  }

  async findPlaced(key: string): Promise<PlacedItem<T> | undefined> {
    return placedIn(this.items, key, this.keyOf);
  }

  async count(): Promise<number> {
    return this.items.length;
  }

  async timesOf(): Promise<Map<string, ItemTimes>> {
    const times = { createdAt: this.changedAt, updatedAt: this.changedAt };
    return new Map(this.items.map((item) => [this.keyOf(item), times]));
  }
}
