const SHARED = /^#\/components\/(responses|headers)\/(.+)$/;

/**
 * The description with its shared responses and headers (components.responses, components.headers)
 * written out where operations refer to them: what a reader of one operation sees. Schemas stay
 * referenced.
 */
export function withSharedPartsInline<T extends { components?: Record<string, Record<string, unknown>> }>(description: T): T {
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (typeof value !== 'object' || value === null) return value;
    const reference = (value as { $ref?: unknown }).$ref;
    const shared = typeof reference === 'string' ? SHARED.exec(reference) : null;
    if (shared) return inline(description.components?.[shared[1]]?.[shared[2]]);
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inline(child)]));
  };
  return inline(description) as T;
}
