import { ConsoleLogger, type LogLevel as NestLogLevel } from '@nestjs/common';
import type { LogLevel } from '@/config/app.config';

const NEST_LEVELS: Record<LogLevel, NestLogLevel[]> = {
  silent: [],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** One JSON object per line on stdout/stderr, ready for a log collector. */
export function createJsonLogger(level: LogLevel): ConsoleLogger {
  return new ConsoleLogger({ json: true, logLevels: NEST_LEVELS[level] });
}
