import type { ObjectLiteral, Repository } from 'typeorm';

/**
 * A tag of the table's rows as the caller's statement sees them: the place and the writing
 * transaction of every row version (`ctid`, `xmin`). A committed insert, update or delete gives a
 * tag never seen before; the same tag again means the same rows, unchanged.
 */
export async function storedStateOf(rows: Repository<ObjectLiteral>): Promise<string> {
  const table = rows.manager.connection.driver.escape(rows.metadata.tablePath);
  const [{ state }]: { state: string }[] = await rows.query(
    `SELECT count(*) || ':' || coalesce(md5(string_agg(ctid::text || xmin::text, ',' ORDER BY ctid)), '') AS state FROM ${table}`,
  );
  return state;
}
