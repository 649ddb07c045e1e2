import type { Readable, Writable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { archiveConfig } from '@/config/archive.config';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import type { ContentDocument } from '@/content';
import { CvPublishingService } from '@/cv/cv-publishing.service';
import { DraftsService, type KeptDraft } from '@/drafts/drafts.service';
import { ContentHistoryService, type KeptRevision } from '@/history/content-history.service';
import { REVISION_SOURCES } from '@/history/revision-sources';
import { MediaLibrary } from '@/media/media-library.service';
import { ContentDocumentPipe } from '@/portfolio/content-document.pipe';
import { MAX_ITEMS } from '@/portfolio/dto/content-document.dto';
import { PortfolioService } from '@/portfolio/portfolio.service';
import type { KeptPicture } from '@/media/kept-picture';
import { ARCHIVE_FORMAT, ARCHIVE_PATHS, type ArchiveCounts, type ArchivedCv, type ArchiveManifest } from './archive-format';
import { archiveRefused, StagedArchive } from './archive-reader';
import { ArchiveWriter } from './archive-writer';

/** Pictures and revisions are read a page at a time. */
const PAGE = 100;

/**
 * The whole portfolio as one file, and back: the content document, every picture's original with
 * what describes it, every CV kept with where it came from, the draft, and (when asked) the
 * content history. An archive is checked whole before anything changes; then the pictures are
 * stored, the CVs and the content replaced, the draft put back, and the pictures it does not
 * hold deleted.
 */
@Injectable()
export class ArchiveService {
  constructor(
    private readonly portfolio: PortfolioService,
    private readonly documents: ContentDocumentPipe,
    private readonly media: MediaLibrary,
    private readonly cvs: CvPublishingService,
    private readonly drafts: DraftsService,
    private readonly history: ContentHistoryService,
    @Inject(archiveConfig.KEY) private readonly config: ConfigType<typeof archiveConfig>,
  ) {}

  async export(out: Writable, withHistory: boolean): Promise<void> {
    const archive = await ArchiveWriter.to(out);
    try {
      const document = await this.portfolio.export();
      await archive.addJson(ARCHIVE_PATHS.content, document);
      const counts = { ...(await this.portfolio.counts()), media: 0, cvs: 0, draft: 0, revisions: 0 };
      for await (const { picture, original } of this.pictures()) {
        await archive.addPieces(ARCHIVE_PATHS.picture(picture.id, picture.fallback), original.bytes, original.pieces);
        await archive.addJson(ARCHIVE_PATHS.pictureMeta(picture.id), picture);
        counts.media += 1;
      }
      for (const { pdf, ...cv } of await this.cvs.kept()) {
        await archive.add(ARCHIVE_PATHS.cv(cv.lang), pdf);
        await archive.addJson(ARCHIVE_PATHS.cvMeta(cv.lang), cv satisfies ArchivedCv);
        counts.cvs += 1;
      }
      const draft = await this.drafts.kept();
      if (draft) {
        await archive.addJson(ARCHIVE_PATHS.draft, draft);
        counts.draft = 1;
      }
      if (withHistory)
        for await (const revision of this.revisions()) {
          await archive.addJson(ARCHIVE_PATHS.revision(revision.id), revision);
          counts.revisions += 1;
        }
      await archive.finish(counts);
    } catch (error) {
      archive.abort(error as Error);
      throw error;
    }
  }

  /** Answers what the portfolio holds afterwards. */
  async import(body: Readable): Promise<ArchiveCounts> {
    const staged = await StagedArchive.unpack(body, this.config.maxBytes);
    try {
      const { document, pictures, cvs, draft, revisions } = await this.checked(staged);
      const added = new Set<string>();
      try {
        for (const picture of pictures) {
          const path = ARCHIVE_PATHS.picture(picture.id, picture.fallback);
          if (await this.media.restore(await staged.read(path), picture, path)) added.add(picture.id);
        }
      } catch (error) {
        await this.media.removeAll(added);
        throw error;
      }
      const counts = await this.portfolio.import(document);
      await this.cvs.replaceKept(await Promise.all(cvs.map(async (cv) => ({ ...cv, pdf: await staged.read(ARCHIVE_PATHS.cv(cv.lang)) }))));
      await this.drafts.replaceKept(draft);
      if (revisions.length > 0) await this.history.replace(this.keptRevisions(staged, revisions));
      await this.media.removeAllBut(new Set(pictures.map(({ id }) => id)));
      return { ...counts, media: pictures.length, cvs: cvs.length, draft: draft ? 1 : 0, revisions: revisions.length };
    } finally {
      await staged.dispose();
    }
  }

  /** The archive's parts, each checked: its manifest (format and checksums), the document, the descriptions. */
  private async checked(staged: StagedArchive) {
    if (!staged.has(ARCHIVE_PATHS.manifest)) throw archiveRefused('The archive has no manifest: it is not whole', ARCHIVE_PATHS.manifest);
    const manifest = await staged.json<ArchiveManifest>(ARCHIVE_PATHS.manifest);
    if (manifest.format !== ARCHIVE_FORMAT)
      throw archiveRefused(`Format ${String(manifest.format)} is not one this service reads (${ARCHIVE_FORMAT})`, ARCHIVE_PATHS.manifest);
    const listed = Object.entries(manifest.files ?? {});
    for (const [path, hash] of listed)
      if (staged.hashes.get(path) !== hash) throw archiveRefused('Its SHA-256 is not the manifest’s', path);
    for (const path of staged.hashes.keys())
      if (path !== ARCHIVE_PATHS.manifest && !Object.hasOwn(manifest.files, path)) throw archiveRefused('Not in the manifest', path);
    const document = await this.document(await staged.json(ARCHIVE_PATHS.content, { longestList: MAX_ITEMS }));
    const pictures = await Promise.all(
      listed.filter(([path]) => /^media\/.+\.json$/.test(path)).map(([path]) => staged.json<KeptPicture>(path)),
    );
    for (const picture of pictures)
      if (!staged.has(ARCHIVE_PATHS.picture(picture.id, picture.fallback)))
        throw archiveRefused('Its picture is missing', ARCHIVE_PATHS.pictureMeta(picture.id));
    const cvs = await Promise.all(listed.filter(([path]) => /^cv\/.+\.json$/.test(path)).map(([path]) => staged.json<ArchivedCv>(path)));
    const draft = staged.has(ARCHIVE_PATHS.draft) ? await staged.json<KeptDraft>(ARCHIVE_PATHS.draft) : undefined;
    const revisions = listed
      .map(([path]) => /^history\/(\d+)\.json$/.exec(path)?.[1])
      .filter((id) => id !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    // Each revision is checked now and read again when it is stored: the history is never held whole.
    for (const id of revisions) await this.revisionAt(staged, id);
    return { document, pictures, cvs, draft, revisions };
  }

  /** The content document checked as an import checks it; 422 naming where in content.json. */
  private async document(value: unknown): Promise<ContentDocument> {
    try {
      return await this.documents.transform(value);
    } catch (error) {
      if (!(error instanceof RequestValidationException)) throw error;
      throw new RequestValidationException(
        error.issues.map((issue) => ({ ...issue, loc: ['body', ARCHIVE_PATHS.content, ...issue.loc.slice(1)] })),
      );
    }
  }

  /** The archive's revisions, oldest first. */
  private async *keptRevisions(staged: StagedArchive, ids: readonly number[]): AsyncIterable<KeptRevision> {
    for (const id of ids) yield await this.revisionAt(staged, id);
  }

  /** A revision of the archive, checked to be one (its document as it was recorded, under the rules of its day). */
  private async revisionAt(staged: StagedArchive, id: number): Promise<KeptRevision> {
    const path = ARCHIVE_PATHS.revision(id);
    const revision = await staged.json<KeptRevision>(path);
    const isRevision =
      typeof revision.document === 'object' &&
      revision.document !== null &&
      REVISION_SOURCES.includes(revision.source) &&
      !Number.isNaN(Date.parse(revision.createdAt)) &&
      Array.isArray(revision.changes) &&
      Array.isArray(revision.domains);
    if (!isRevision) throw archiveRefused('Not a revision: createdAt, source, domains, changes and document', path);
    return revision;
  }

  private async *pictures() {
    for (let before: string | undefined, page = await this.media.list(PAGE); page.length > 0; page = await this.media.list(PAGE, before)) {
      for (const item of page) yield { picture: this.media.kept(item), original: await this.media.keptOriginal(item) };
      before = page.at(-1)!.id;
    }
  }

  private async *revisions() {
    for (
      let before: number | undefined, page = await this.history.list(PAGE, undefined);
      page.length > 0;
      page = await this.history.list(PAGE, before)
    ) {
      for (const revision of page) yield { ...revision, document: await this.history.document(revision.id) };
      before = page.at(-1)!.id;
    }
  }
}
