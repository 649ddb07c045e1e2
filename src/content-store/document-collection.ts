import { ServiceUnavailableException } from '@nestjs/common';
import { type PlacedItem, OrderedCollection } from './ordered-collection';

/** Every write to the served content document: without a database it cannot be changed (503). */
export const refuseWrite = (): Promise<never> =>
  Promise.reject(new ServiceUnavailableException({ detail: 'No database is configured: content is read-only from the built-in data set' }));

/** A domain's items as the served content document lists them; writes answer 503. */
export class DocumentCollection<T> extends OrderedCollection<T> {
  readonly add = refuseWrite;
  readonly update = refuseWrite;
  readonly remove = refuseWrite;
  readonly reorder = refuseWrite;
  readonly replaceAll = refuseWrite;

  constructor(
    private readonly items: readonly T[],
    private readonly keyOf: (item: T) => string,
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
    const index = this.items.findIndex((item) => this.keyOf(item) === key);
    if (index < 0) return undefined;
    return { item: this.items[index], previous: this.items[index - 1], next: this.items[index + 1] };
  }

  async isEmpty(): Promise<boolean> {
    return this.items.length === 0;
  }
}
