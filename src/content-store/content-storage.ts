import type { Provider } from '@nestjs/common';
import { type ContentDocument, ServedContent } from '@/content';
import { type StorageAdapters, storageFor } from '@/database/storage-for';

/**
 * A content domain's storage: its PostgreSQL adapter with a database, and otherwise its adapter
 * over the served content document, whose writes answer 503.
 */
export function contentStorage<T>(
  port: abstract new (...args: never[]) => T,
  adapters: Pick<StorageAdapters<T, []>, 'postgres'> & { document: (document: ContentDocument, changedAt: Date) => T },
): Provider {
  return storageFor<T, [ServedContent]>(
    port,
    { postgres: adapters.postgres, none: (served) => adapters.document(served.document, served.changedAt) },
    [ServedContent],
  );
}
