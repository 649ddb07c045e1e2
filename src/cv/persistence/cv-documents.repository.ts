import { ServiceUnavailableException } from '@nestjs/common';
import type { CvLanguage } from '@/cv/cv-language';

export type StoredCvOrigin = 'upload' | 'published';

/** What a stored CV is, without its bytes. */
export interface StoredCvInfo {
  lang: CvLanguage;
  origin: StoredCvOrigin;
  bytes: number;
  etag: string;
  contentHash: string | null;
  updatedAt: Date;
}

export interface StoredCvInput {
  lang: CvLanguage;
  origin: StoredCvOrigin;
  pdf: Buffer;
  etag: string;
  contentHash: string | null;
}

/** The owner's CVs, one per language, kept in the database so that every instance serves the same. */
export abstract class CvDocumentsRepository {
  abstract list(): Promise<StoredCvInfo[]>;
  abstract info(lang: CvLanguage): Promise<StoredCvInfo | undefined>;
  /** The PDF stored for `lang` while its ETag is still `etag`. */
  abstract pdf(lang: CvLanguage, etag: string): Promise<Buffer | undefined>;
  abstract save(cv: StoredCvInput): Promise<StoredCvInfo>;
  /** Replaces a published CV with its new rendering, unless it stopped being published meanwhile (an upload got there first). */
  abstract replacePublished(cv: StoredCvInput): Promise<boolean>;
  /** Whether there was one to remove. */
  abstract remove(lang: CvLanguage): Promise<boolean>;
}

const NO_DATABASE = 'No database is configured: an uploaded or published CV is kept in the database';

/** Without a database no CV is stored: the shipped files are all there is, and storing one is 503. */
export class NoStoredCvs extends CvDocumentsRepository {
  list(): Promise<StoredCvInfo[]> {
    return Promise.resolve([]);
  }

  info(): Promise<StoredCvInfo | undefined> {
    return Promise.resolve(undefined);
  }

  pdf(): Promise<Buffer | undefined> {
    return Promise.resolve(undefined);
  }

  save(): Promise<StoredCvInfo> {
    return Promise.reject(new ServiceUnavailableException({ detail: NO_DATABASE }));
  }

  replacePublished(): Promise<boolean> {
    return Promise.resolve(false);
  }

  remove(): Promise<boolean> {
    return Promise.reject(new ServiceUnavailableException({ detail: NO_DATABASE }));
  }
}
