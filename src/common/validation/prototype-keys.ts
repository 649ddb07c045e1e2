/** The keys Nest's ValidationPipe deletes from a body before class-transformer sees it (prototype pollution). */
const PROTOTYPE_KEYS = ['__proto__', 'prototype', 'constructor'];

const sentWithPrototypeKeys = new WeakSet<object>();

/**
 * Notes each object of a body that was sent with one of those keys, before they are deleted: a
 * rule that refuses unknown keys (translation languages) must not let them vanish silently.
 */
export function notePrototypeKeys(body: unknown): void {
  const stack = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && PROTOTYPE_KEYS.some((key) => Object.hasOwn(value, key))) sentWithPrototypeKeys.add(value);
    for (const child of Object.values(value) as unknown[]) stack.push(child);
  }
}

/** Whether the object was sent with `__proto__`, `prototype` or `constructor` among its keys. */
export const wasSentWithPrototypeKeys = (value: object): boolean => sentWithPrototypeKeys.has(value);
