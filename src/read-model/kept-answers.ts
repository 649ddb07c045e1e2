import type { Answer } from './answer';
import type { PreparedBody } from './prepared-body';

/** What the read model holds now: answers kept, the distinct bodies they share, and those bodies' bytes. */
export interface ReadModelFootprint {
  answers: number;
  bodies: number;
  bytes: number;
}

/** A body kept, and how many answers share it. */
interface KeptBody {
  body: PreparedBody;
  answers: number;
}

/**
 * The read model's answers by key, within a cap of bytes: answers with the same content share
 * their bytes, and past the cap the least recently sent go first, the spare ones (kept elsewhere
 * too: social cards) before any other. Recency is the `sentAt` a read sets on its answer, so that
 * a read changes neither map: moving its key to the end of the map at every read gave the map a
 * new table now and then, which lived on into the old generation (megabytes a second under load).
 * Eviction, past the cap only, looks through the answers for the oldest.
 */
export class KeptAnswers {
  private readonly answers = new Map<string, Answer>();
  /** By ETag. */
  private readonly bodies = new Map<string, KeptBody>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Answer | undefined {
    return this.answers.get(key);
  }

  entries(): IterableIterator<[string, Answer]> {
    return this.answers.entries();
  }

  /** The body of a kept answer with this ETag, which a new answer with the same content shares. */
  bodyTagged(etag: string): PreparedBody | undefined {
    return this.bodies.get(etag)?.body;
  }

  keep(key: string, answer: Answer): void {
    const before = this.answers.get(key);
    if (before) this.release(before.body);
    let kept = this.bodies.get(answer.body.etag);
    if (!kept) {
      kept = { body: answer.body, answers: 0 };
      this.bodies.set(answer.body.etag, kept);
      this.bytes += answer.body.size;
    }
    kept.answers += 1;
    this.answers.set(key, { ...answer, body: kept.body });
    while (this.bytes > this.maxBytes) this.drop(this.leastRecentlySent());
  }

  footprint(): ReadModelFootprint {
    return { answers: this.answers.size, bodies: this.bodies.size, bytes: this.bytes };
  }

  /** The key of the spare answer sent least recently, or else of any answer. */
  private leastRecentlySent(): string {
    let oldest: { key: string; sentAt: number } | undefined;
    let oldestSpare: typeof oldest;
    for (const [key, { sentAt, spare }] of this.answers) {
      if (!oldest || sentAt < oldest.sentAt) oldest = { key, sentAt };
      if (spare && (!oldestSpare || sentAt < oldestSpare.sentAt)) oldestSpare = { key, sentAt };
    }
    return (oldestSpare ?? oldest)!.key;
  }

  private drop(key: string): void {
    const answer = this.answers.get(key)!;
    this.answers.delete(key);
    this.release(answer.body);
  }

  /** One answer fewer shares the body: the last one lets go of its bytes. */
  private release({ etag }: PreparedBody): void {
    const kept = this.bodies.get(etag)!;
    kept.answers -= 1;
    if (kept.answers > 0) return;
    this.bodies.delete(etag);
    this.bytes -= kept.body.size;
  }
}
