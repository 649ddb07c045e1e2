import type { ContentDocument } from '@/content/content-document';

/**
 * The content document the service serves when no database is configured (and seeds an empty one
 * from): the built-in data set. Injected where a domain stores its content in the document.
 */
export abstract class ServedContent {
  abstract readonly document: ContentDocument;
}
