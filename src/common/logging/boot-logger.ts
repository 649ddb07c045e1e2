import type { LoggerService } from '@nestjs/common';
import { destination, type Level, type Logger, pino } from 'pino';
import { isFrameworkLine } from './framework-lines';

const LEVELS = new Set(['silent', 'error', 'warn', 'info', 'debug']);

/**
 * Nest's logger from the first line until the app's own takes over (configureApp), and the
 * process's last words when start-up fails: the same pino JSON lines as the app writes, at
 * LOG_LEVEL, written synchronously so that an exit right after loses nothing. Nest's own
 * start-up lines are at debug, as the app's logger has them.
 */
export class BootLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(level = process.env.LOG_LEVEL) {
    this.pino = pino({ level: level && LEVELS.has(level) ? level : 'info' }, destination({ dest: 1, sync: true }));
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write(isFrameworkLine(params) ? 'debug' : 'info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    // Nest's ExceptionHandler reports a failed start-up; main.ts says it once, as start_failed.
    if (params.at(-1) === 'ExceptionHandler') return;
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last; an object message becomes the line's fields, as with nestjs-pino. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? params.at(-1) : undefined;
    if (message instanceof Error) this.pino[level]({ context }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context }, String(message));
  }
}
