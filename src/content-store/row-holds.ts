import { isDeepStrictEqual } from 'node:util';
import type { Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

const JSON_TYPES = new Set<unknown>(['json', 'jsonb']);

/** A value as the column gives it back: a JSON column keeps what JSON keeps (plain objects, no undefined properties). */
const asStored = (column: ColumnMetadata, value: unknown): unknown =>
  value === undefined || value === null ? null : JSON_TYPES.has(column.type) ? JSON.parse(JSON.stringify(value)) : value;

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
      isDeepStrictEqual(column.getEntityValue(stored) ?? null, asStored(column, column.getEntityValue(row))),
  );
}
