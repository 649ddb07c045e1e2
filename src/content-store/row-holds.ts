import { isDeepStrictEqual } from 'node:util';
import type { Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

const JSON_TYPES = new Set<unknown>(['json', 'jsonb']);

/**
 * Whether a column holds `value` as it would store it: a JSON column keeps what JSON keeps (plain
 * objects, no undefined properties), so a value unequal as it is is compared once more as JSON.
 */
const holdsValue = (column: ColumnMetadata, stored: unknown, value: unknown): boolean => {
  if (value === undefined || value === null) return (stored ?? null) === null;
  if (isDeepStrictEqual(stored, value)) return true;
  return JSON_TYPES.has(column.type) && isDeepStrictEqual(stored, JSON.parse(JSON.stringify(value)));
};

/**
 * Whether a stored row already has every value a write of `row` would give it (its id and times
 * aside): such a write is skipped, so the row keeps its updatedAt (a sitemap's lastmod) and a
 * table nothing changed in announces no change.
 */
export function rowHolds<E extends object>(rows: Repository<E>, stored: E, row: E): boolean {
  return rows.metadata.columns.every(
    (column) =>
      column.isPrimary ||
      column.isCreateDate ||
      column.isUpdateDate ||
      holdsValue(column, column.getEntityValue(stored), column.getEntityValue(row)),
  );
}
