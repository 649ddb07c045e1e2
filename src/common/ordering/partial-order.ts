import { NotFoundException } from '@nestjs/common';

/**
 * Puts the listed ids first, in the listed order; every other item keeps its relative place
 * after them. An id that matches no item is a 404 naming it.
 */
export function applyPartialOrder<T>(items: readonly T[], order: readonly string[], idOf: (item: T) => string, noun: string): T[] {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  const unknown = order.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new NotFoundException({ detail: `Unknown ${noun}: ${unknown.join(', ')}` });
  }
  const listed = new Set(order);
  return [...order.map((id) => byId.get(id)!), ...items.filter((item) => !listed.has(idOf(item)))];
}
