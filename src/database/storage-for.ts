import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { InjectionToken, Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { databaseConfig } from '@/config/database.config';

/** A storage port's PostgreSQL adapter, made from the transaction host and what `inject` names. */
export type PostgresAdapter<T, D extends unknown[] = []> = (txHost: TransactionHost<TransactionalAdapterTypeOrm>, ...dependencies: D) => T;

/**
 * The adapters of a storage port. The PostgreSQL one is loaded (`import()`) only with a database:
 * its file imports TypeORM and the entities, which a service without DATABASE_URL never loads.
 */
export interface StorageAdapters<T, D extends unknown[]> {
  postgres: () => Promise<PostgresAdapter<T, D>>;
  none: (...dependencies: D) => T;
}

/**
 * The one place the storage mode is decided, once per port at start-up: its PostgreSQL adapter
 * when DATABASE_URL is set, and otherwise the one that does without. Services get the port and
 * never ask whether there is a database.
 */
export function storageFor<T, D extends unknown[] = []>(
  port: abstract new (...args: never[]) => T,
  adapters: StorageAdapters<T, D>,
  inject: InjectionToken[] = [],
): Provider {
  return {
    provide: port,
    inject: [databaseConfig.KEY, TransactionHost, ...inject],
    useFactory: async (
      config: ConfigType<typeof databaseConfig>,
      txHost: TransactionHost<TransactionalAdapterTypeOrm>,
      ...dependencies: D
    ): Promise<T> => (config.url ? (await adapters.postgres())(txHost, ...dependencies) : adapters.none(...dependencies)),
  };
}
