import { Injectable } from '@nestjs/common';
import { LARGE_BODY_LIMIT } from '@/common/http/body-limits';
import type { CvLanguage } from './cv-language';
import { CvDocumentsRepository } from './persistence/cv-documents.repository';

/** Both languages, each while a change replaces it (old and new copy), at their largest. */
const MOST_BYTES = 4 * LARGE_BODY_LIMIT;

interface Copy {
  bytes: number;
  pdf: Promise<Buffer | undefined>;
}

/**
 * The stored CVs as downloads serve them: one shared copy in memory per language and ETag, read
 * from the database once however many downloads ask for it at once, never a fresh copy per
 * request. At most MOST_BYTES are kept; the least recently used go first.
 */
@Injectable()
export class StoredCvCopies {
  private readonly copies = new Map<string, Copy>();
  private bytes = 0;

  constructor(private readonly stored: CvDocumentsRepository) {}

  /** The PDF stored for `lang` under `etag`; undefined when it was replaced or removed meanwhile. */
  pdf(lang: CvLanguage, etag: string, bytes: number): Promise<Buffer | undefined> {
    const key = `${lang} ${etag}`;
    const held = this.copies.get(key);
    if (held) {
      this.copies.delete(key);
      this.copies.set(key, held);
      return held.pdf;
    }
    const pdf = this.stored.pdf(lang, etag);
    this.keep(key, { bytes, pdf });
    pdf.then(
      (found) => found ?? this.forget(key),
      () => this.forget(key),
    );
    return pdf;
  }

  private keep(key: string, copy: Copy): void {
    this.copies.set(key, copy);
    this.bytes += copy.bytes;
    while (this.bytes > MOST_BYTES && this.copies.size > 1) this.forget(this.copies.keys().next().value!);
  }

  private forget(key: string): void {
    const copy = this.copies.get(key);
    if (!copy) return;
    this.copies.delete(key);
    this.bytes -= copy.bytes;
  }
}
