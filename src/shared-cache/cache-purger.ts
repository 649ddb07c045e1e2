import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Counter } from '@opentelemetry/api';
import { MetricsExport } from '@/common/telemetry/metrics-export';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { PublicReadRoutes } from '@/read-model/public-read-routes';
import { ReadModel } from '@/read-model/read-model';
import { PurgeLeadership } from './purge-leadership';
import { type Purge, PurgeTarget } from './purge-target';

/** Changes within this long of the first are purged together (an import changes every domain at once). */
const BATCH_MS = 50;
/** A failed purge is tried again after 0.5 s, doubling to 30 s, at most this many times in all. */
const ATTEMPTS = 10;
const MAX_RETRY_DELAY_MS = 30_000;

const delayAfter = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);

/**
 * Purges the shared cache (CDN_PURGE) of every change of content, however made: the read model
 * hears each one (this instance's writes, and the database's announcement of everyone else's),
 * and the one instance that holds the purge lock (PurgeLeadership) purges the changed domains'
 * tags, or for Front Door their reads' paths. Outside any request: a purge that fails is logged,
 * counted and tried again, and never fails a write. Changes that come while a purge is under way
 * go in the next one.
 */
@Injectable()
export class CachePurger implements OnApplicationBootstrap {
  private readonly logger = new Logger(CachePurger.name);
  private readonly pending = new Set<ContentDomain>();
  private flushing: Promise<void> | undefined;
  private readonly purges: Counter;

  constructor(
    @Inject(PurgeTarget) private readonly target: PurgeTarget | null,
    private readonly readModel: ReadModel,
    private readonly routes: PublicReadRoutes,
    private readonly leadership: PurgeLeadership,
    metricsExport: MetricsExport,
  ) {
    this.purges = metricsExport.meter.createCounter('cdn.purges', { description: 'Shared cache purges, by outcome (purged, failed)' });
  }

  onApplicationBootstrap(): void {
    if (!this.target) return;
    this.readModel.changes.subscribe((domain) => this.changed([domain]));
    this.leadership.start(() => this.changed(CONTENT_DOMAINS));
  }

  /** Resolves once everything changed so far has been purged (or given up on). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private changed(domains: readonly ContentDomain[]): void {
    if (!this.leadership.leading) return;
    for (const domain of domains) this.pending.add(domain);
    this.flushing ??= new Promise<void>((resolve) => setTimeout(resolve, BATCH_MS).unref())
      .then(() => this.flush())
      .finally(() => (this.flushing = undefined));
  }

  private async flush(): Promise<void> {
    let attempt = 0;
    while (this.pending.size > 0) {
      const domains = [...this.pending];
      this.pending.clear();
      attempt += 1;
      try {
        await this.target!.purge(this.purgeOf(domains));
        this.purges.add(1, { outcome: 'purged' });
        this.logger.debug({ event: 'cdn_purged', domains });
        attempt = 0;
      } catch (error) {
        this.purges.add(1, { outcome: 'failed' });
        const reason = error instanceof Error ? error.message : String(error);
        if (attempt >= ATTEMPTS) {
          this.logger.error({ event: 'cdn_purge_abandoned', domains, attempts: attempt, reason });
          attempt = 0;
          continue;
        }
        for (const domain of domains) this.pending.add(domain);
        const retryInMs = delayAfter(attempt);
        this.logger.warn({ event: 'cdn_purge_failed', domains, attempt, retryInMs, reason });
        await new Promise((resolve) => setTimeout(resolve, retryInMs).unref());
      }
    }
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
