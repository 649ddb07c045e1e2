/**
 * TypeORM's DataSource, connected and migrated, when DATABASE_URL is set; null without a
 * database. TypeORM, pg and the entities are loaded only in the first case.
 */
export const DATA_SOURCE = Symbol('DataSource');
