import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { type Observable, Subject } from 'rxjs';
import { isDatabaseUnavailable } from '@/common/errors/database-unavailable';
import { limitsConfig } from '@/config/limits.config';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS } from '@/content';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import type { Answer, AnsweringRead, ReadAgain } from './answer';
import { EchoedWrites } from './echoed-writes';
import { KeptAnswers, type ReadModelFootprint } from './kept-answers';
import { KeysByUrl } from './keys-by-url';
import { etagOf, PreparedBody } from './prepared-body';
import { SharedCaching } from './shared-caching';
import { TypedBody } from './typed-body';

/** An answer sent this recently is prepared again as soon as its content changes, the one before standing in meanwhile... */
const RENEWED_IF_SENT_WITHIN_MS = 5_000;
/**
 * ...the most recently sent first, at most this many a change: what a burst of reads would have asked for, not every page ever read.
 * Spare answers (social cards) count apart, as many again, so a crawler's walk over them leaves the other answers their places.
 */
const MOST_RENEWED = 16;
/** The longest the one before stands in (and a write waits for them): past it, whoever reads one waits for it, as for any answer being prepared. */
const MOST_RENEWAL_WAIT_MS = 500;

/** An answer being prepared, from these generations. */
interface Preparation {
  stamp: readonly number[];
  body: Promise<PreparedBody>;
  /** Prepared again after a change, the answer before standing in meanwhile (until the write stops waiting for it). */
  renewal: boolean;
  /** A request waits for it: once prepared, it is sent. */
  awaited: boolean;
}

/**
 * The public reads, prepared once per change. An answer is kept under its key: the route and its
 * validated parameters (ReadKeys), so `?top=01`, an unknown query parameter or a long URL find
 * the answer `?top=1` has and never make another, within READ_MODEL_MAX_BYTES (KeptAnswers).
 * A domain's change makes its answers stale (its generation moves on). After a change, whether a
 * write of this instance or one the database announces, an answer sent in the last seconds is
 * prepared again at once, and the one before is sent meanwhile, so the change does not make every
 * reader of a busy page wait for its new answer; a write here answers once those are ready
 * (changedHere), so whoever made it reads it next. Otherwise a stale answer is sent only while the
 * database cannot serve its new one. An answer built from a generation that has passed meanwhile
 * is sent but never kept. The edge, which answers before any
 * validation, looks answers up by the request URLs it was told stand for a key.
 */
@Injectable()
export class ReadModel {
  private readonly generations = new Map<ContentDomain, number>(CONTENT_DOMAINS.map((domain) => [domain, 0]));
  private readonly answers: KeptAnswers;
  private readonly keysByUrl = new KeysByUrl();
  /** Answers being prepared, by key, with the generations they are prepared from. */
  private readonly preparing = new Map<string, Preparation>();
  private readonly changed = new Subject<ContentDomain>();
  /** Renewals under way (renew), each settling once its answers are ready. */
  private readonly renewals = new Set<Promise<void>>();
  private readonly echoes = new EchoedWrites();
  /** What learns of changes (the history, the CV) runs outside the request that made one: it is not that request's work. */
  private readonly outsideRequests = new AsyncResource('ContentChanges');
  /** Every change of content this instance learns of (its own writes and the database's announcements alike), by domain. */
  readonly changes: Observable<ContentDomain> = this.changed.asObservable();

  constructor(
    @Inject(limitsConfig.KEY) { readModelMaxBytes }: Pick<ConfigType<typeof limitsConfig>, 'readModelMaxBytes'>,
    private readonly sharedCaching: SharedCaching,
  ) {
    this.answers = new KeptAnswers(readModelMaxBytes);
  }

  /** The current answer to a GET of this URL, if the URL is known to stand for a key that has one. */
  answerTo(url: string): Answer | undefined {
    const key = this.keysByUrl.get(url);
    return key === undefined ? undefined : this.answerFor(key);
  }

  /**
   * The current answer kept under the key, if any, or the one before while the current one is being
   * prepared again (renew): that one revalidating, so that no shared cache purged meanwhile keeps it.
   */
  answerFor(key: string): Answer | undefined {
    const answer = this.answers.get(key);
    if (!answer) return undefined;
    const { domains } = answer.read.route;
    const current = this.isCurrent(domains, answer.stamp);
    if (!current && !this.isRenewing(key, domains)) return undefined;
    answer.sentAt = performance.now();
    return current ? answer : { ...answer, body: answer.body.revalidating() };
  }

  /** Where these domains stand here: it changes with every change to any of them that this instance has heard of. */
  generationsOf(domains: readonly ContentDomain[]): string {
    return domains.map((domain) => this.generations.get(domain)!).join('.');
  }

  /** From now on a GET of this URL is answered at the edge with the key's answer. */
  remember(url: string, key: string): void {
    this.keysByUrl.remember(url, key);
  }

  /**
   * The answer under a key that has none yet: `build` (its handler) gives the value, which is
   * prepared and kept. Requests that miss while it is being prepared wait for it rather than build
   * it again, so a burst after a change costs one build per key, whatever the number of clients.
   * While the database cannot serve, the stale answer kept under the key is sent, revalidating.
   * `again`, kept with the answer, gives the read's value again without a request.
   */
  answerOnce(key: string, read: AnsweringRead, build: () => Promise<unknown>, again?: ReadAgain): Promise<PreparedBody> {
    const preparation = this.prepareOnce(key, read, build, again, false);
    preparation.awaited = true;
    return preparation.body;
  }

  private prepareOnce(
    key: string,
    read: AnsweringRead,
    build: () => Promise<unknown>,
    again: ReadAgain | undefined,
    renewal: boolean,
  ): Preparation {
    const pending = this.preparing.get(key);
    if (pending && this.isCurrent(read.route.domains, pending.stamp)) return pending;
    const stamp = read.route.domains.map((domain) => this.generations.get(domain)!);
    const preparation: Preparation = {
      stamp,
      renewal,
      awaited: false,
      body: build().then(
        (value) => this.prepare(key, read, preparation, value, again),
        (error: unknown) => this.staleWhile(key, error),
      ),
    };
    this.preparing.set(key, preparation);
    const settled = () => {
      if (this.preparing.get(key) === preparation) this.preparing.delete(key);
    };
    preparation.body.then(settled, settled);
    return preparation;
  }

  /**
   * Every answer prepared from the domain is stale: built again on its next request. `write`: the
   * id of the service's write that changed it; a write already seen here is no news.
   */
  invalidate(domain: ContentDomain, write?: string): void {
    if (this.echoes.isNews(domain, write)) this.outdate(domain);
  }

  /**
   * The database announced a change of the domain (`write`: as for invalidate): unless it is no
   * news, its answers are stale, and those sent in the last seconds are prepared again at once (renew).
   */
  announced(domain: ContentDomain, write?: string): void {
    if (!this.echoes.isNews(domain, write)) return;
    this.outdate(domain);
    void this.renew([domain]);
  }

  /**
   * A write of this instance changed these domains (`write`: its id, as for invalidate): their
   * answers are renewed. Settles once those are ready, so that whoever wrote reads the new ones next.
   */
  async changedHere(domains: readonly ContentDomain[], write?: string): Promise<void> {
    // Its announcement may have come first: its answers are stale already, and are prepared again all the same.
    for (const domain of domains) this.invalidate(domain, write);
    await this.renew(domains);
  }

  /**
   * The answers of these changed domains sent in the last seconds are prepared again at once, the
   * most recently sent first, each one before standing in meanwhile; the others on their next
   * request. Settles once those are ready (or failed), or after MOST_RENEWAL_WAIT_MS: from then on
   * no answer from before stands in. Spare answers (social cards, drawn in ~150 ms) are not waited
   * for: once it settles, a reader of one waits for the new one, so a write answers without them
   * and whoever wrote still reads the change next. A change heard meanwhile (another write, or a
   * write's echo that carries no id) starts a renewal of its own, which alone holds both changes:
   * that one is waited for too.
   */
  private renew(domains: readonly ContentDomain[]): Promise<void> {
    const renewal = this.renewAnswersOf(domains).finally(() => this.renewals.delete(renewal));
    this.renewals.add(renewal);
    return renewal;
  }

  /** Settles once every renewal under way now has: from then on this instance sends the new answers, not the ones before. */
  async renewed(): Promise<void> {
    await Promise.all(this.renewals);
  }

  private async renewAnswersOf(domains: readonly ContentDomain[]): Promise<void> {
    const since = performance.now() - RENEWED_IF_SENT_WITHIN_MS;
    const recent = [...this.answers.entries()]
      .flatMap(([key, { read, again, sentAt, spare }]) =>
        again && sentAt >= since && read.route.domains.some((domain) => domains.includes(domain))
          ? [{ key, read, again, sentAt, spare }]
          : [],
      )
      .sort((one, other) => other.sentAt - one.sentAt);
    const renewable = [false, true].flatMap((spare) => recent.filter((answer) => answer.spare === spare).slice(0, MOST_RENEWED));
    for (const { key, read, again } of renewable) this.prepareOnce(key, read, again, again, true);
    const keys = renewable.map(({ key }) => key);
    const awaited = renewable.flatMap(({ key, spare }) => (spare ? [] : [key]));
    const waiting = { over: false };
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      this.preparedNow(awaited, waiting),
      new Promise((resolve) => (waited = setTimeout(resolve, MOST_RENEWAL_WAIT_MS))),
    ]);
    waiting.over = true;
    clearTimeout(waited);
    for (const preparation of this.preparationsOf(keys)) preparation.renewal = false;
  }

  /** Settles once none of these keys is being prepared, or once the wait is over. */
  private async preparedNow(keys: readonly string[], waiting: { over: boolean }): Promise<void> {
    for (let pending = this.preparationsOf(keys); pending.length > 0 && !waiting.over; pending = this.preparationsOf(keys)) {
      await Promise.allSettled(pending.map(({ body }) => body));
    }
  }

  private preparationsOf(keys: readonly string[]): Preparation[] {
    return keys.flatMap((key) => this.preparing.get(key) ?? []);
  }

  /** Prepares the domain's answers again when next read, without calling it a change (no purge, no revision). */
  dropPrepared(domain: ContentDomain): void {
    this.generations.set(domain, this.generations.get(domain)! + 1);
  }

  private outdate(domain: ContentDomain): void {
    this.dropPrepared(domain);
    this.outsideRequests.runInAsyncScope(() => this.changed.next(domain));
  }

  /**
   * Any domain may have changed unheard (the listening connection was replaced): as if the database
   * had announced a change of each, the answers sent in the last seconds are prepared again at once.
   */
  announcedAll(): void {
    for (const domain of CONTENT_DOMAINS) this.outdate(domain);
    void this.renew(CONTENT_DOMAINS);
  }

  footprint(): ReadModelFootprint {
    return this.answers.footprint();
  }

  /**
   * Prepares what a public read returned and keeps it, unless its domains changed since it was
   * started. A renewal no request waits for is sent to nobody yet: it keeps the send time of the
   * answer it replaces, so an answer no one reads stops being prepared again after
   * RENEWED_IF_SENT_WITHIN_MS, however often writes come.
   */
  private async prepare(
    key: string,
    read: AnsweringRead,
    preparation: Preparation,
    value: unknown,
    again: ReadAgain | undefined,
  ): Promise<PreparedBody> {
    const typed = await TypedBody.of(value);
    const tag = read.language && LANGUAGE_TAGS[read.language];
    // The same texts in two languages (none translated yet) are two answers, each validated on its own.
    const etag =
      read.language && read.language !== DEFAULT_LANGUAGE
        ? etagOf(Buffer.concat([Buffer.from(`${tag}\n`), typed.bytes]))
        : etagOf(typed.bytes);
    const body =
      this.answers.bodyTagged(etag) ??
      (await PreparedBody.of(typed, { etag, contentLanguage: tag, sharedCache: this.sharedCaching.headersOf(read.route.domains, value) }));
    const { stamp, awaited } = preparation; // a request may have come to wait for it while it was compressed
    if (!this.isCurrent(read.route.domains, stamp)) return body;
    const sentAt = awaited ? performance.now() : (this.answers.get(key)?.sentAt ?? -Infinity);
    this.answers.keep(key, { read, stamp, body, again, sentAt, spare: typed.spare });
    return this.answers.get(key)?.body ?? body;
  }

  /**
   * A read the database cannot serve now is better answered with what it answered before the
   * change than with 503; it is sent revalidating, so that no cache keeps it past the outage.
   */
  private staleWhile(key: string, error: unknown): PreparedBody {
    const stale = isDatabaseUnavailable(error) ? this.answers.get(key) : undefined;
    if (!stale) throw error;
    return stale.body.revalidating();
  }

  private isRenewing(key: string, domains: readonly ContentDomain[]): boolean {
    const pending = this.preparing.get(key);
    return pending !== undefined && pending.renewal && this.isCurrent(domains, pending.stamp);
  }

  private isCurrent(domains: readonly ContentDomain[], stamp: readonly number[]): boolean {
    return domains.every((domain, index) => this.generations.get(domain) === stamp[index]);
  }
}
