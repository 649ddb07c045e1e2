const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** The PostgreSQL error code of a failed query: TypeORM's QueryFailedError carries the driver's error. Duck-typed, so that TypeORM loads only with a database. */
const codeOf = (error: unknown): string | undefined => {
  const driverError = (error as { driverError?: { code?: unknown } } | null)?.driverError;
  return typeof driverError?.code === 'string' ? driverError.code : undefined;
};

/** A write met a unique key another row holds: a taken slug, or a concurrent write that got there first. */
export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === UNIQUE_VIOLATION;

export const isForeignKeyViolation = (error: unknown): boolean => codeOf(error) === FOREIGN_KEY_VIOLATION;
