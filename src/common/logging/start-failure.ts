import { isDatabaseUnavailable } from '@/common/errors/database-unavailable';

interface SystemError {
  code?: unknown;
  port?: unknown;
  message?: unknown;
}

/**
 * The one line that says why the service did not start: a setting it refused (it names the
 * variable), a port it could not take, a database it could not reach; anything else with its
 * message and stack, for a failure nobody foresaw.
 */
export function startFailure(error: unknown): Record<string, unknown> {
  const { code, port, message } = (error ?? {}) as SystemError;
  const text = typeof message === 'string' ? message : String(error);
  if (error instanceof Error && error.name === 'ConfigurationError') return { event: 'start_failed', reason: text };
  if (code === 'EADDRINUSE') return { event: 'start_failed', reason: `port ${String(port)} is already in use (PORT)` };
  if (code === 'EACCES') return { event: 'start_failed', reason: `port ${String(port)} may not be opened by this user (PORT)` };
  if (isDatabaseUnavailable(error)) return { event: 'start_failed', reason: `the database could not be reached (DATABASE_URL): ${text}` };
  return { event: 'start_failed', reason: text, stack: error instanceof Error ? error.stack : undefined };
}
