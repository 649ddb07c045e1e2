import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ServiceUnavailableException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import type { CvLanguage } from '@/cv/cv-language';
import { CvDocumentEntity } from '@/cv/entities/cv-document.entity';

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

const INFO_COLUMNS = { lang: true, origin: true, bytes: true, etag: true, contentHash: true, updatedAt: true } as const;

/** The owner's CVs, one per language, kept in the database so that every instance serves the same. */
export abstract class CvDocumentsRepository {
  abstract list(): Promise<StoredCvInfo[]>;
  abstract info(lang: CvLanguage): Promise<StoredCvInfo | undefined>;
  abstract pdf(lang: CvLanguage): Promise<Buffer | undefined>;
  abstract save(cv: StoredCvInput): Promise<StoredCvInfo>;
  /** Replaces a published CV with its new rendering, unless it stopped being published meanwhile (an upload got there first). */
  abstract replacePublished(cv: StoredCvInput): Promise<boolean>;
  /** Whether there was one to remove. */
  abstract remove(lang: CvLanguage): Promise<boolean>;
  /**
   * Runs `work` unless another instance is running it already (then answers undefined): what
   * renders the published CVs again happens once across instances.
   */
  abstract onceAcrossInstances<T>(work: () => Promise<T>): Promise<T | undefined>;
}

/** The cv_documents table. */
export class TypeOrmCvDocuments extends CvDocumentsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get documents(): Repository<CvDocumentEntity> {
    return this.txHost.tx.getRepository(CvDocumentEntity);
  }

  async list(): Promise<StoredCvInfo[]> {
    return (await this.documents.find({ select: INFO_COLUMNS, order: { lang: 'ASC' } })) as StoredCvInfo[];
  }

  async info(lang: CvLanguage): Promise<StoredCvInfo | undefined> {
    return ((await this.documents.findOne({ select: INFO_COLUMNS, where: { lang } })) ?? undefined) as StoredCvInfo | undefined;
  }

  async pdf(lang: CvLanguage): Promise<Buffer | undefined> {
    return (await this.documents.findOne({ select: { pdf: true }, where: { lang } }))?.pdf;
  }

  async save({ lang, origin, pdf, etag, contentHash }: StoredCvInput): Promise<StoredCvInfo> {
    await this.documents.upsert({ lang, origin, pdf, bytes: pdf.length, etag, contentHash, updatedAt: new Date() }, ['lang']);
    return (await this.info(lang))!;
  }

  async replacePublished({ lang, pdf, etag, contentHash }: StoredCvInput): Promise<boolean> {
    const { affected } = await this.documents.update(
      { lang, origin: 'published' },
      { pdf, bytes: pdf.length, etag, contentHash, updatedAt: new Date() },
    );
    return (affected ?? 0) > 0;
  }

  async remove(lang: CvLanguage): Promise<boolean> {
    return ((await this.documents.delete({ lang })).affected ?? 0) > 0;
  }

  onceAcrossInstances<T>(work: () => Promise<T>): Promise<T | undefined> {
    return this.txHost.withTransaction(async () => {
      const [{ locked }] = await this.txHost.tx.query<{ locked: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock(hashtext('cv_documents.publish')) AS locked`,
      );
      return locked ? work() : undefined;
    });
  }
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

  onceAcrossInstances(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
}
