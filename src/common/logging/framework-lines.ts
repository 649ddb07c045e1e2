import type { LoggerService } from '@nestjs/common';

/** Where Nest's own start-up lines come from (modules loaded, routes mapped, application started). */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** Whether a `log` call is one of Nest's start-up lines: Nest passes the context last. */
export const isFrameworkLine = (params: unknown[]): boolean => FRAMEWORK_CONTEXTS.has(String(params.at(-1)));

/**
 * The app's logger as Nest uses it, with Nest's forty start-up lines at debug rather than info:
 * they help when debugging the framework and bury the lines an operator reads.
 */
export class QuietFrameworkLogger implements LoggerService {
  constructor(private readonly inner: Required<Pick<LoggerService, 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal'>>) {}

  log(message: unknown, ...params: unknown[]): void {
    if (isFrameworkLine(params)) this.inner.debug(message, ...params);
    else this.inner.log(message, ...params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.inner.fatal(message, ...params);
  }
}
