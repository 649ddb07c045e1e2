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
 * their bytes, and past the cap the least recently used go first, the spare ones (kept elsewhere
 * too: social cards) before any other.
 */
export class KeptAnswers {
  /** By key, least recently used first. */
  private readonly answers = new Map<string, Answer>();
  /** The keys of the spare answers among them, least recently used first. */
  private readonly spares = new Set<string>();
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

  /** The answer under the key is now the most recently used. */
  used(key: string): void {
    const answer = this.answers.get(key);
    if (!answer) return;
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.spares.delete(key)) this.spares.add(key);
  }

  /** The body of a kept answer with this ETag, which a new answer with the same content shares. */
  bodyTagged(etag: string): PreparedBody | undefined {
    return this.bodies.get(etag)?.body;
  }

  /** `sent`: the answer is sent now, so it becomes the most recently used; one sent to nobody yet takes the place of the one it replaces. */
  keep(key: string, answer: Answer, sent: boolean): void {
    const before = this.answers.get(key);
    if (before) {
      if (sent) this.answers.delete(key);
      this.release(before.body);
    }
    let kept = this.bodies.get(answer.body.etag);
    if (!kept) {
      kept = { body: answer.body, answers: 0 };
      this.bodies.set(answer.body.etag, kept);
      this.bytes += answer.body.size;
    }
    kept.answers += 1;
    this.answers.set(key, { ...answer, body: kept.body });
    this.spares.delete(key);
    if (answer.spare) this.spares.add(key);
    while (this.bytes > this.maxBytes) this.drop(this.spares.values().next().value ?? this.answers.keys().next().value!);
  }

  footprint(): ReadModelFootprint {
    return { answers: this.answers.size, bodies: this.bodies.size, bytes: this.bytes };
  }

  private drop(key: string): void {
    const answer = this.answers.get(key)!;
    this.answers.delete(key);
    this.spares.delete(key);
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
