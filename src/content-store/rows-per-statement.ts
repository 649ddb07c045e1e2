/**
 * Rows a statement writes or reads whole: PostgreSQL takes at most 65,535 parameters in one, and
 * TypeORM builds a statement, and the entities of its answer, each in one hold of the event loop
 * (500 projects a statement held it 110-180 ms on a slow machine; 100, under 80).
 */
const ROWS_PER_STATEMENT = 100;

/** The rows (or their ids) in runs of ROWS_PER_STATEMENT: one statement's each. */
export function* inStatements<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) yield rows.slice(start, start + ROWS_PER_STATEMENT);
}
