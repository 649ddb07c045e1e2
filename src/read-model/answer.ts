import type { Language } from '@/content';
import type { PreparedBody } from './prepared-body';
import type { PublicReadRoute } from './public-read-routes';

/** Which public read answered, and the route pattern it matched (for logs and metrics). */
export interface AnsweringRead {
  route: PublicReadRoute;
  pattern: string | undefined;
  /** The language of its texts, where the read takes one: its answer says so (Content-Language) and has an ETag of its own. */
  language?: Language;
}

/** Gives a read's value again, without a request: its handler called with the parameters it was given. */
export type ReadAgain = () => Promise<unknown>;

/** A prepared answer, with the read that gave it and the generations of its domains it was built from. */
export interface Answer {
  read: AnsweringRead;
  stamp: readonly number[];
  body: PreparedBody;
  /** How to prepare it again after a change (changedHere), where its read can be given again without a request. */
  again: ReadAgain | undefined;
  /** When it was last sent (performance.now()). */
  sentAt: number;
  /** Kept elsewhere too (TypedBody.spare): let go before any other answer. */
  spare: boolean;
}
