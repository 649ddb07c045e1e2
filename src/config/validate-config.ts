import { plainToInstance } from 'class-transformer';
import type { ClassConstructor } from 'class-transformer/types/interfaces';
import { validateSync } from 'class-validator';

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

/**
 * Parses and validates the variables one env class declares. Fails with one line that
 * names every offending variable, so a bad deployment stops before it serves anything.
 */
export function validateConfig<T extends object>(env: NodeJS.ProcessEnv, schema: ClassConstructor<T>): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const config = plainToInstance(schema, present, { exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    // One variable can break several rules that share a message (PORT=abc: not whole, below 1, above 65535): each is said once.
    const reasons = errors.map(
      (error) => [...new Set(Object.values(error.constraints ?? {}))].join(', ') || `${error.property} is invalid`,
    );
    throw new ConfigurationError(`Invalid configuration: ${reasons.join('; ')}`);
  }
  return config;
}
