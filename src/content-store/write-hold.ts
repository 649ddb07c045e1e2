import type { ObjectLiteral, Repository } from 'typeorm';

/**
 * Until the caller's transaction ends, no other transaction writes the table (or locks its rows);
 * reads go on. PostgreSQL refuses it outside a transaction.
 */
export async function holdAgainstWrites(rows: Repository<ObjectLiteral>): Promise<void> {
  const { tablePath } = rows.metadata;
  await rows.query(`LOCK TABLE ${rows.manager.connection.driver.escape(tablePath)} IN EXCLUSIVE MODE`);
}
