import { Injectable } from '@nestjs/common';
import { CONTENT_DOMAINS, type ContentDomain } from './content-domains';
import { etagOf, PreparedBody } from './prepared-body';
import type { PublicReadRoute } from './public-read-routes';

/** How many distinct request URLs an instance keeps answers for; the oldest go first. */
const MAX_ANSWERS = 2_000;
/** Longer URLs are answered, never kept: a client cannot fill memory with long query strings. */
const MAX_URL_LENGTH = 512;

/** Which public read answered a URL, and the route pattern it matched (for logs and metrics). */
export interface AnsweringRead {
  route: PublicReadRoute;
  pattern: string | undefined;
}

/** What the read model holds now: answers kept, the distinct bodies they share, and those bodies' bytes. */
export interface ReadModelFootprint {
  answers: number;
  bodies: number;
  bytes: number;
}

/** A URL's prepared answer, with the read that gave it. */
export interface Answer {
  read: AnsweringRead;
  stamp: readonly number[];
  body: PreparedBody;
}

/**
 * The public reads, prepared once per change: the answer each request URL got, as bytes with its
 * encodings and ETag. Answers with the same content share their bytes. A domain's change makes
 * its answers stale (its generation moves on); an answer built from a generation that has passed
 * meanwhile is sent but never kept.
 */
@Injectable()
export class ReadModel {
  private readonly generations = new Map<ContentDomain, number>(CONTENT_DOMAINS.map((domain) => [domain, 0]));
  private readonly answers = new Map<string, Answer>();
  private readonly bodies = new Map<string, PreparedBody>();
  /** Answers being prepared, by URL, with the generations they are prepared from. */
  private readonly preparing = new Map<string, { stamp: readonly number[]; body: Promise<PreparedBody> }>();

  /** The current answer to a GET of this URL, if one was prepared. */
  answerTo(url: string): Answer | undefined {
    const answer = this.answers.get(url);
    if (!answer) return undefined;
    if (this.isCurrent(answer.read.route.domains, answer.stamp)) return answer;
    this.answers.delete(url);
    return undefined;
  }

  /** The generations of the domains now: taken before an answer is built from them. */
  stamp(domains: readonly ContentDomain[]): number[] {
    return domains.map((domain) => this.generations.get(domain)!);
  }

  /**
   * The answer to a URL that has none yet: `build` (its handler) gives the value, which is prepared
   * and kept. Requests that miss while it is being prepared wait for it rather than build it again,
   * so a burst after a change costs one build per URL, whatever the number of clients.
   */
  answerOnce(url: string, read: AnsweringRead, build: () => Promise<unknown>): Promise<PreparedBody> {
    const pending = this.preparing.get(url);
    if (pending && this.isCurrent(read.route.domains, pending.stamp)) return pending.body;
    const stamp = this.stamp(read.route.domains);
    const preparation = { stamp, body: build().then((value) => this.prepare(url, read, stamp, value)) };
    this.preparing.set(url, preparation);
    const settled = () => {
      if (this.preparing.get(url) === preparation) this.preparing.delete(url);
    };
    preparation.body.then(settled, settled);
    return preparation.body;
  }

  /** Prepares what a public read returned and keeps it for the URL, unless its domains changed since `stamp`. */
  private async prepare(url: string, read: AnsweringRead, stamp: readonly number[], value: unknown): Promise<PreparedBody> {
    const json = JSON.stringify(value);
    const etag = etagOf(json);
    const body = this.bodies.get(etag) ?? (await PreparedBody.of(json, etag));
    if (url.length <= MAX_URL_LENGTH && this.isCurrent(read.route.domains, stamp)) {
      this.bodies.set(etag, body);
      if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(url, { read, stamp, body });
    }
    return body;
  }

  /** This instance's answers prepared from the domain are built again on their next request. */
  invalidate(domain: ContentDomain): void {
    this.generations.set(domain, this.generations.get(domain)! + 1);
    for (const [url, answer] of this.answers) if (answer.read.route.domains.includes(domain)) this.answers.delete(url);
    this.bodies.clear();
  }

  invalidateAll(): void {
    for (const domain of CONTENT_DOMAINS) this.invalidate(domain);
  }

  footprint(): ReadModelFootprint {
    const bodies = new Set([...this.bodies.values(), ...[...this.answers.values()].map((answer) => answer.body)]);
    let bytes = 0;
    for (const body of bodies) bytes += body.size;
    return { answers: this.answers.size, bodies: bodies.size, bytes };
  }

  private isCurrent(domains: readonly ContentDomain[], stamp: readonly number[]): boolean {
    return domains.every((domain, index) => this.generations.get(domain) === stamp[index]);
  }
}
