/** The value, and everything it holds, made read-only: for values every reader shares. */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) frozen(field);
  }
  return value;
}
