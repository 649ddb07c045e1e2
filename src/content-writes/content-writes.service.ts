import { HttpException, Injectable } from '@nestjs/common';
import { isDatabaseUnavailable } from '@/common/errors/database-unavailable';
import { type ContentDomain, followersOf } from '@/content';
import { ContentAttribution } from '@/content-store/content-attribution';
import { ReadModel } from '@/read-model/read-model';
import type { ContentWrite } from './content-write';

/** Where a write with `?draft=true` goes: the owner's draft (DraftsService), which says so at start-up. */
export interface DraftTarget {
  /** Makes `work` change the draft instead of what visitors see; answers what it answers. */
  write<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Every write to content, as controllers call it, top to bottom: the credential was checked by the
 * guards, and `?draft` by DraftParameterGuard; the write is attributed (the history records who
 * made it, the database's announcement echoes its id) and takes its target: the owner's draft, or
 * what visitors see. There its work runs the domain's rules in their transactions (each taking its
 * turn beside a replace: takeTurnToWrite). A write that landed renews the answers of the domains
 * it changed, once, before it answers, and drops what was prepared of the domains that follow them
 * (a project's skill links), so whoever wrote reads it next; the database announces it to the
 * other instances, the history and the shared cache. A write that failed in a way that may have
 * changed rows makes those answers stale; a refused one (an HTTP error) or one the database could
 * not take changed nothing. A draft write changes nothing visitors see, and renews nothing.
 */
@Injectable()
export class ContentWrites {
  private drafts: DraftTarget | undefined;

  constructor(
    private readonly attribution: ContentAttribution,
    private readonly readModel: ReadModel,
  ) {}

  /** The drafts tell where draft writes go (they sit above the writes that take this path: media, whose pictures they name). */
  draftsGoTo(drafts: DraftTarget): void {
    this.drafts = drafts;
  }

  /** `changed`: the domains the write changed, where only its answer can tell (a publish); else every domain it may change. */
  run<T>(write: ContentWrite, work: () => Promise<T>, changed: (answer: T) => readonly ContentDomain[] = () => write.domains): Promise<T> {
    return this.attribution.run(
      'api',
      async () => {
        if (write.toDraft) return this.drafts!.write(work);
        const answer = await work().catch((error: unknown) => {
          if (!(error instanceof HttpException || isDatabaseUnavailable(error))) this.outdate(write.domains);
          throw error;
        });
        const domains = changed(answer);
        this.dropFollowersOf(domains);
        await this.readModel.changedHere(domains, write.id);
        return answer;
      },
      write.actor,
      write.id,
    );
  }

  private outdate(domains: readonly ContentDomain[]): void {
    domains.forEach((domain) => this.readModel.invalidate(domain));
    this.dropFollowersOf(domains);
  }

  /** Whether the write changed a following domain (a skill's links to a project), only the database's announcement says. */
  private dropFollowersOf(domains: readonly ContentDomain[]): void {
    followersOf(domains).forEach((domain) => this.readModel.dropPrepared(domain));
  }
}
