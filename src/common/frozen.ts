/** The value, and everything it holds, made read-only: for values every reader shares. */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) frozen(field);
  }
  return value;
}

/**
 * What `compute` makes of a value: once per read-only (frozen) object, kept while the object lives
 * (a list's export shares its unchanged items from one read to the next); each time for any other.
 */
export class PerFrozenValue<V> {
  private readonly kept = new WeakMap<object, V>();

  constructor(private readonly compute: (value: unknown) => V) {}

  of(value: unknown): V {
    if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return this.compute(value);
    let result = this.kept.get(value);
    if (result === undefined) this.kept.set(value, (result = this.compute(value)));
    return result;
  }
}
