import { Injectable, NotFoundException } from '@nestjs/common';
import type { ContentDocument } from '@/content';
import { ContentDocumentPipe } from '@/portfolio/content-document.pipe';
import { PortfolioService } from '@/portfolio/portfolio.service';
import type { ContentCountsDto } from '@/portfolio/dto/content-document.dto';
import { asList, CONTENT_DOMAINS } from '@/content';
import type { ContentRevisionDto } from './dto/content-revision.dto';
import { ContentHistoryRepository, type HashedItem, type Revision, type SnapshotIds } from './persistence/content-history.repository';
import { itemHashOf, snapshotHashOf } from './snapshot-hashes';

const toDto = ({ id, createdAt, source, domains, actor, changes }: Revision): ContentRevisionDto => ({
  id,
  createdAt: createdAt.toISOString(),
  source,
  domains,
  actor,
  changes,
});

/** A revision as a backup keeps it: as listed, with the document it recorded. */
export type KeptRevision = ContentRevisionDto & { document: ContentDocument };

/** Looking back through the content's revisions, and making one of them the content again. */
@Injectable()
export class ContentHistoryService {
  constructor(
    private readonly history: ContentHistoryRepository,
    private readonly portfolio: PortfolioService,
    private readonly documents: ContentDocumentPipe,
  ) {}

  /** Newest first; `before` names the oldest revision of the previous page. */
  async list(limit: number, before: number | undefined): Promise<ContentRevisionDto[]> {
    return (await this.history.page(limit, before)).map(toDto);
  }

  /** Oldest first: the revisions recorded after `after` (for what follows the content, such as webhooks). */
  since(after: number, limit: number): Promise<Revision[]> {
    return this.history.since(after, limit);
  }

  /** The whole content document as it stood after the revision. */
  async document(id: number): Promise<ContentDocument> {
    const revision = await this.history.find(id);
    if (!revision) throw new NotFoundException({ detail: `Revision ${id} not found` });
    const items = await this.history.itemsOf(revision.snapshotIds);
    const { profile, ...lists } = Object.fromEntries(CONTENT_DOMAINS.map((domain) => [domain, items[domain]]));
    return { version: 1, profile: profile?.[0] ?? null, ...lists } as unknown as ContentDocument;
  }

  /**
   * The history becomes these revisions, oldest first, each with the document it recorded (what a
   * backup kept of another instance's history): new ids, their times, sources, actors and changes
   * as they were.
   */
  async replace(revisions: AsyncIterable<KeptRevision>): Promise<void> {
    await this.history.replaceAll(async () => {
      for await (const { document, createdAt, source, actor, domains, changes } of revisions) {
        const snapshotIds: Partial<SnapshotIds> = {};
        for (const domain of CONTENT_DOMAINS) {
          const items = asList(document[domain]).map((body): HashedItem => ({ hash: itemHashOf(body), body }));
          snapshotIds[domain] = await this.history.storeSnapshot(snapshotHashOf(items), items);
        }
        await this.history.add({
          createdAt: new Date(createdAt),
          source,
          actor,
          domains,
          changes,
          snapshotIds: snapshotIds as SnapshotIds,
        });
      }
    });
  }

  /**
   * The revision's document becomes the content, as an import does, checked as an import is: one
   * recorded under older rules, or from SQL typed by hand, is 422 and changes nothing. The history
   * records it as a restore.
   */
  async restore(id: number): Promise<ContentCountsDto> {
    const document = await this.documents.transform(await this.document(id));
    return this.portfolio.import(document, 'restore');
  }
}
