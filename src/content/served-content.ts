import type { ContentDocument } from '@/content/content-domains';

/**
 * The content document the service serves when no database is configured, and seeds an empty
 * one from: the owner's CONTENT_FILE, or the built-in data set. Injected where a domain keeps its
 * content in the document.
 */
export abstract class ServedContent {
  abstract readonly document: ContentDocument;
  /** When the document last changed (its file's modification time): each item's times. */
  abstract readonly changedAt: Date;
  /** Where the document came from, for the log. */
  abstract readonly source: string;
}
