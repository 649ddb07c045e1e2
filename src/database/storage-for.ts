import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { InjectionToken, Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { databaseConfig } from '@/config/database.config';

/** The adapters of a storage port: on PostgreSQL, and without a database (each given what `inject` names). */
export interface StorageAdapters<T, D extends unknown[]> {
  postgres: (txHost: TransactionHost<TransactionalAdapterTypeOrm>, ...dependencies: D) => T;
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
    useFactory: (config: ConfigType<typeof databaseConfig>, txHost: TransactionHost<TransactionalAdapterTypeOrm>, ...dependencies: D) =>
      config.url ? adapters.postgres(txHost, ...dependencies) : adapters.none(...dependencies),
  };
}
