import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const codeOf = (error: unknown): string | undefined =>
  error instanceof QueryFailedError ? (error.driverError as { code?: string }).code : undefined;

/** A write met a unique key another row holds: a taken slug, or a concurrent write that got there first. */
export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === UNIQUE_VIOLATION;

export const isForeignKeyViolation = (error: unknown): boolean => codeOf(error) === FOREIGN_KEY_VIOLATION;
