import { registerAs } from '@nestjs/config';
import { IsOptional, Matches } from 'class-validator';
import { EnvBoolean, EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

class DatabaseEnvironment {
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  readonly DATABASE_URL?: string;

  @EnvBoolean()
  readonly DB_MIGRATIONS_RUN: boolean = true;

  /** How long start-up waits for a database that is not up yet, retrying with back-off; 0 tries once. */
  @EnvInteger(0, 3_600_000)
  readonly DB_STARTUP_WAIT_MS: number = 60_000;
}

export interface DatabaseConfig {
  /** Unset: public reads come from the built-in data set and admin writes answer 503. */
  url: string | undefined;
  migrationsRun: boolean;
  startupWaitMs: number;
}

export const databaseConfig = registerAs('database', (): DatabaseConfig => {
  const env = validateConfig(process.env, DatabaseEnvironment);
  return { url: env.DATABASE_URL, migrationsRun: env.DB_MIGRATIONS_RUN, startupWaitMs: env.DB_STARTUP_WAIT_MS };
});
