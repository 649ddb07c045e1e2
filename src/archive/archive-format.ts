import type { KeptCv } from '@/cv/cv-publishing.service';
import type { ContentCountsDto } from '@/portfolio/dto/content-document.dto';

/** The archive format this service writes and reads; another is 422. */
export const ARCHIVE_FORMAT = 1;

/** Where each part lives in the archive. */
export const ARCHIVE_PATHS = {
  manifest: 'manifest.json',
  content: 'content.json',
  draft: 'draft.json',
  picture: (id: string, format: string) => `media/${id}.${format}`,
  pictureMeta: (id: string) => `media/${id}.json`,
  cv: (lang: string) => `cv/${lang}.pdf`,
  cvMeta: (lang: string) => `cv/${lang}.json`,
  revision: (id: number) => `history/${id}.json`,
} as const;

/** The last file of every archive: what it holds, and each other file's SHA-256 (hex). */
export interface ArchiveManifest {
  format: number;
  createdAt: string;
  counts: ArchiveCounts;
  files: Record<string, string>;
}

export type ArchiveCounts = ContentCountsDto & { media: number; cvs: number; draft: number; revisions: number };

/** What a CV is described by, beside its PDF: where it came from (uploaded, or published from the content). */
export type ArchivedCv = Omit<KeptCv, 'pdf'>;
