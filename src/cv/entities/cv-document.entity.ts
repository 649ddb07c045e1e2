import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The CV a language serves: uploaded by the owner, or published (rendered from the content and rendered again when it changes). */
@Entity('cv_documents')
@Check('ck_cv_documents_origin', `"origin" IN ('upload', 'published')`)
export class CvDocumentEntity {
  @PrimaryColumn({ type: 'text' })
  lang!: string;

  /** `upload` or `published`. */
  @Column({ type: 'text' })
  origin!: string;

  @Column({ type: 'bytea' })
  pdf!: Buffer;

  @Column({ type: 'integer' })
  bytes!: number;

  /** The strong validator downloads carry, quoted: the SHA-256 of the PDF, shortened. */
  @Column({ type: 'text' })
  etag!: string;

  /** For a published CV, the SHA-256 of the content it was rendered from: a change makes it stale. */
  @Column({ type: 'text', nullable: true })
  contentHash!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
