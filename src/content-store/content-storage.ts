import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { databaseConfig } from '@/config/database.config';
import { type ContentDocument, ServedContent } from '@/content';

/**
 * A content domain's storage, chosen once: its PostgreSQL adapter when DATABASE_URL is set, and
 * otherwise its adapter over the served content document, whose writes answer 503.
 */
export function contentStorage<T>(
  port: abstract new (...args: never[]) => T,
  adapters: { postgres: (txHost: TransactionHost<TransactionalAdapterTypeOrm>) => T; document: (document: ContentDocument) => T },
): Provider {
  return {
    provide: port,
    inject: [databaseConfig.KEY, TransactionHost, ServedContent],
    useFactory: (config: ConfigType<typeof databaseConfig>, txHost: TransactionHost<TransactionalAdapterTypeOrm>, served: ServedContent) =>
      config.url ? adapters.postgres(txHost) : adapters.document(served.document),
  };
}
