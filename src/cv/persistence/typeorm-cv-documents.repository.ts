import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Repository } from 'typeorm';
import type { CvLanguage } from '@/cv/cv-language';
import { CvDocumentEntity } from '@/cv/entities/cv-document.entity';
import type { PostgresAdapter } from '@/database/storage-for';
import { CvDocumentsRepository, type StoredCvInfo, type StoredCvInput } from './cv-documents.repository';

const INFO_COLUMNS = { lang: true, origin: true, bytes: true, etag: true, contentHash: true, updatedAt: true } as const;

/** The cv_documents table. */
class TypeOrmCvDocuments extends CvDocumentsRepository {
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

  async pdf(lang: CvLanguage, etag: string): Promise<Buffer | undefined> {
    return (await this.documents.findOne({ select: { pdf: true }, where: { lang, etag } }))?.pdf;
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
}

export const typeOrmCvDocuments: PostgresAdapter<CvDocumentsRepository> = (txHost) => new TypeOrmCvDocuments(txHost);
