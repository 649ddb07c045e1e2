import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Provider } from '@nestjs/common';
import { type ContentDocument, ServedContent } from '@/content';
import { storageFor } from '@/database/storage-for';

/**
 * A content domain's storage: its PostgreSQL adapter with a database, and otherwise its adapter
 * over the served content document, whose writes answer 503.
 */
export function contentStorage<T>(
  port: abstract new (...args: never[]) => T,
  adapters: { postgres: (txHost: TransactionHost<TransactionalAdapterTypeOrm>) => T; document: (document: ContentDocument) => T },
): Provider {
  return storageFor<T, [ServedContent]>(port, { postgres: adapters.postgres, none: (served) => adapters.document(served.document) }, [
    ServedContent,
  ]);
}
