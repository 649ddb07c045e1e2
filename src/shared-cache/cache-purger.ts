import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Counter } from '@opentelemetry/api';
import { MetricsExport } from '@/common/telemetry/metrics-export';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { mediaUrl } from '@/content/media-url';
import { DatabaseAnnouncements, MEDIA_HIDDEN_CHANNEL } from '@/read-model/database-announcements';
import { PublicReadRoutes } from '@/read-model/public-read-routes';
import { ReadModel } from '@/read-model/read-model';
import { PurgeLeadership } from './purge-leadership';
import { type Purge, PurgeTarget } from './purge-target';

/** Changes within this long of the first are purged together (an import changes every domain at once). */
const BATCH_MS = 50;
/** A failed purge is tried again after 0.5 s, doubling to 30 s, until it is made. */
const MAX_RETRY_DELAY_MS = 30_000;
/** Every picture's bytes, which a new purger cannot know were deleted meanwhile. */
const EVERY_PICTURE: Purge = { tags: ['media'], paths: [`${mediaUrl('')}*`] };

const delayAfter = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);

/**
 * Purges the shared cache (CDN_PURGE) of every change of content, however made, and of every
 * deleted picture's bytes: the read model hears each change (this instance's writes, and the
 * database's announcement of everyone else's), the database announces each deleted picture, and
 * the one instance that holds the purge lock (PurgeLeadership) purges the changed domains' tags
 * (for Front Door their reads' paths) and the picture's, once its new answers are ready. Outside
 * any request: a purge that fails is logged, counted and tried again until it is made, and never
 * fails a write. Changes that come while a purge is under way go in the next one. A purge is
 * never lost: one still pending when its instance stops is covered by the next holder's, which
 * purges everything (every picture too).
 */
@Injectable()
export class CachePurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CachePurger.name);
  private readonly pending = { tags: new Set<string>(), paths: new Set<string>() };
  private flushing: Promise<void> | undefined;
  /** A stopped instance purges no more: what it still had is the next holder's (it purges everything). */
  private stopped = false;
  private readonly purges: Counter;

  constructor(
    @Inject(PurgeTarget) private readonly target: PurgeTarget | null,
    private readonly readModel: ReadModel,
    private readonly routes: PublicReadRoutes,
    private readonly leadership: PurgeLeadership,
    announcements: DatabaseAnnouncements,
    metricsExport: MetricsExport,
  ) {
    this.purges = metricsExport.meter.createCounter('cdn.purges', { description: 'Shared cache purges, by outcome (purged, failed)' });
    // Asked for before start-up, when the listening connection takes its channels.
    if (target) announcements.on(MEDIA_HIDDEN_CHANNEL).subscribe((id) => this.pictureDeleted(id));
  }

  onApplicationBootstrap(): void {
    if (!this.target) return;
    this.readModel.changes.subscribe((domain) => this.changed([domain]));
    this.leadership.start(() => {
      this.changed(CONTENT_DOMAINS);
      this.queue(EVERY_PICTURE);
    });
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  private changed(domains: readonly ContentDomain[]): void {
    if (this.leadership.leading) this.queue(this.purgeOf(domains));
  }

  private pictureDeleted(id: string): void {
    if (this.leadership.leading) this.queue({ tags: [`media:${id}`], paths: [mediaUrl(id), `${mediaUrl(id)}/*`] });
  }

  private queue(purge: Purge): void {
    this.add(purge);
    this.flushing ??= new Promise<void>((resolve) => setTimeout(resolve, BATCH_MS).unref())
      .then(() => this.flush())
      .finally(() => (this.flushing = undefined));
  }

  private async flush(): Promise<void> {
    let attempt = 0;
    while (!this.stopped && this.pending.tags.size > 0) {
      // Not before this instance's new answers are ready: until then it sends the ones before, revalidating, which a cache may not
      // keep, so every visitor's request would reach the origin; the answer the cache holds is no older than those.
      await this.readModel.renewed();
      const purge = { tags: [...this.pending.tags], paths: [...this.pending.paths] };
      this.pending.tags.clear();
      this.pending.paths.clear();
      attempt += 1;
      try {
        await this.target!.purge(purge);
        this.purges.add(1, { outcome: 'purged' });
        this.logger.debug({ event: 'cdn_purged', tags: purge.tags });
        attempt = 0;
      } catch (error) {
        this.purges.add(1, { outcome: 'failed' });
        const reason = error instanceof Error ? error.message : String(error);
        this.add(purge);
        const retryInMs = delayAfter(attempt);
        this.logger.warn({ event: 'cdn_purge_failed', tags: purge.tags, attempt, retryInMs, reason });
        await new Promise((resolve) => setTimeout(resolve, retryInMs).unref());
      }
    }
  }

  private add({ tags, paths }: Purge): void {
    for (const tag of tags) this.pending.tags.add(tag);
    for (const path of paths) this.pending.paths.add(path);
  }

  /** The domains' tags, and the paths of every public read of them (a parameter and what follows it a wildcard). */
  private purgeOf(domains: readonly ContentDomain[]): Purge {
    const paths = this.routes
      .all()
      .filter((route) => route.domains.some((domain) => domains.includes(domain)))
      .map((route) => route.path.replace(/\/:.*$/, '/*'));
    return { tags: domains, paths: [...new Set(paths)] };
  }
}
