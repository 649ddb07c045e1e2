import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';

type PostgresConnectionOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

/**
 * Shared by the app and the TypeORM CLI. Short connect and statement timeouts make a vanished
 * database answer fast instead of hanging requests; the pool reconnects by itself when it returns.
 */
export function postgresOptions(url: string): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url,
    applicationName: 'portfolio-content-service',
    namingStrategy: new SnakeNamingStrategy(),
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+, so no extension needs installing.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    connectTimeoutMS: 3_000,
    extra: { max: 10, statement_timeout: 5_000, query_timeout: 6_000 },
  };
}
