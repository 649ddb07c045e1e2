import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Subscription } from 'rxjs';
import { PerFrozenValue } from '@/common/frozen';
import { backgroundSlices } from '@/common/scheduling/event-loop-turns';
import { contentConfig } from '@/config/content.config';
import { ContentAttribution } from '@/content-store/content-attribution';
import { asList, CONTENT_DOMAINS, type ContentDomain, keyOf } from '@/content';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ReadModel } from '@/read-model/read-model';
import { ContentHistoryRepository, type HashedItem, type SnapshotEntry, type SnapshotIds } from './persistence/content-history.repository';
import { diffKeyed, type KeyedItem } from './content-diff';
import { pendingRevisions } from './pending-revisions';
import { itemHashOf, snapshotHashOf } from './snapshot-hashes';

/** A burst of changes (an import's statements, the notifications of several instances) is recorded in one go. */
const GATHER_MS = 50;
/** Another instance is recording: look again after it is likely done, for what committed meanwhile. */
const BUSY_RETRY_MS = 250;
/** Changes whose announcement never arrived (the listener was reconnecting) are recorded at the latest this late. */
const SWEEP_MS = 30_000;

/** Items as a revision's diff compares them: by key, and by hash (the SHA-256 of their JSON). */
type KeyedParts = Partial<Record<ContentDomain, KeyedItem[]>>;

/**
 * Turns the changes the database wrote down into revisions, within moments of their commit,
 * once across instances: every instance hears of every change (ReadModel.changes), and whichever
 * takes the recorder's lock records all that is pending; the others find nothing left.
 */
@Injectable()
export class ContentHistoryRecorder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ContentHistoryRecorder.name);
  private subscription: Subscription | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private scheduled: NodeJS.Timeout | undefined;
  private recording: Promise<void> | undefined;
  private again = false;
  /** Each item's hash, kept for read-only items. */
  private readonly hashes = new PerFrozenValue(itemHashOf);

  constructor(
    private readonly history: ContentHistoryRepository,
    private readonly portfolio: PortfolioService,
    private readonly readModel: ReadModel,
    private readonly attribution: ContentAttribution,
    @Inject(contentConfig.KEY) private readonly config: Pick<ConfigType<typeof contentConfig>, 'historyLimit'>,
  ) {}

  /** After the seed (module init): what it and anything before this start changed is recorded now. */
  onApplicationBootstrap(): void {
    if (!this.history.records) return;
    this.subscription = this.readModel.changes.subscribe(() => this.soon());
    this.sweep = setInterval(() => this.soon(), SWEEP_MS).unref();
    this.soon();
  }

  onModuleDestroy(): Promise<void> | undefined {
    this.subscription?.unsubscribe();
    clearInterval(this.sweep);
    clearTimeout(this.scheduled);
    this.scheduled = undefined;
    return this.recording;
  }

  private soon(delay = GATHER_MS): void {
    if (this.scheduled || !this.subscription) return;
    this.scheduled = this.attribution.detached(() =>
      setTimeout(() => {
        this.scheduled = undefined;
        if (this.recording) this.again = true;
        else this.recording = this.record().finally(() => this.recorded());
      }, delay),
    );
  }

  private recorded(): void {
    this.recording = undefined;
    if (this.again) {
      this.again = false;
      this.soon();
    }
  }

  private async record(): Promise<void> {
    try {
      // After the answers a write renews, which it waits for: this work does not slow it, and its
      // snapshot finds the rows they read already read (RowVersions).
      await this.readModel.renewed();
      const count = await this.history.onceAcrossInstances(() => this.recordPending());
      if (count === undefined) this.soon(BUSY_RETRY_MS);
    } catch (error) {
      this.logger.warn({ event: 'content_history_not_recorded', detail: error instanceof Error ? error.message : String(error) });
    }
  }

  /** How many revisions the pending changes became. */
  private async recordPending(): Promise<number> {
    const changes = await this.history.pendingChanges();
    if (changes.length === 0) return 0;
    const revisions = pendingRevisions(changes);
    const latest = await this.history.latestSnapshotIds();
    let current = latest;
    const domainsChanged = current ? [...new Set(changes.map((change) => change.domain))] : CONTENT_DOMAINS;
    // What each changed domain held before, to say what each revision changed in it: those domains' items only, by hash.
    const previous = latest
      ? await this.history.entriesOf(Object.fromEntries(domainsChanged.map((domain) => [domain, latest[domain]])))
      : {};
    const { ids: snapshotted, items: now } = await this.snapshot(domainsChanged, previous);
    let held: KeyedParts = Object.fromEntries(
      Object.entries(previous).map(([domain, entries]) => [domain, entries.map(({ key, hash }): KeyedItem => [key, hash.toString('hex')])]),
    );
    let added = 0;
    for (const { domains, source, actor } of revisions) {
      const next = { ...(current ?? snapshotted) } as SnapshotIds;
      for (const domain of domains) next[domain] = snapshotted[domain]!;
      const changed = CONTENT_DOMAINS.filter((domain) => (current ? next[domain] !== current[domain] : domains.has(domain)));
      if (changed.length === 0) continue;
      const itemChanges = changed.flatMap((domain) => diffKeyed(domain, held[domain] ?? [], now[domain] ?? []));
      const { id } = await this.history.add({ source, actor, domains: changed, snapshotIds: next, changes: itemChanges });
      this.logger.log({ event: 'content_revision_recorded', revision: id, source, domains: changed });
      current = next;
      held = { ...held, ...Object.fromEntries(changed.map((domain) => [domain, now[domain]])) };
      added += 1;
    }
    await this.history.forgetChanges(changes.map((change) => change.id));
    if (added > 0) await this.history.keepNewest(this.config.historyLimit);
    return added;
  }

  /**
   * The content of these domains as it is now, stored as snapshots (sharing every item stored
   * before: those of the `previous` snapshots are not looked up again), and their items, keyed.
   */
  private async snapshot(
    domains: readonly ContentDomain[],
    previous: Partial<Record<ContentDomain, SnapshotEntry[]>>,
  ): Promise<{ ids: Partial<SnapshotIds>; items: KeyedParts }> {
    const parts = await this.portfolio.exportParts(domains);
    const stored = new Map(
      Object.values(previous).flatMap((entries) => entries.map(({ id, hash }) => [hash.toString('hex'), id] as const)),
    );
    const ids: Partial<SnapshotIds> = {};
    const items: KeyedParts = {};
    const giveWay = backgroundSlices();
    for (const domain of domains) {
      const hashed: HashedItem[] = [];
      for (const body of asList(parts[domain])) {
        await giveWay();
        hashed.push({ hash: this.hashes.of(body), body });
      }
      items[domain] = hashed.map(({ hash, body }) => [keyOf(domain, body), hash.toString('hex')]);
      ids[domain] = await this.history.storeSnapshot(snapshotHashOf(hashed), hashed, stored);
    }
    return { ids, items };
  }
}
