import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FixedHeaders } from '@/common/http/fixed-headers';
import type { RateLimitSpec } from '@/common/rate-limit/rate-limit.decorator';
import type { WireHeaders } from './prepared-body';

/** The route a request answered at the edge belongs to: what its log line, its limit and its answer's headers are. */
export interface EdgeRoute {
  /** The handler, as its rate-limit counters name it. */
  handler: string;
  limit: RateLimitSpec;
  headers: FixedHeaders;
}

/** An answer ready to be sent as it is (a read model's answer has this shape). */
export interface EdgeAnswer {
  read: { route: EdgeRoute; pattern: string | undefined };
  body: { writeTo(req: IncomingMessage, res: ServerResponse, leading: WireHeaders): void };
}

/** What holds answers the edge may send: the read model, the hot pictures. */
export interface AnswersAtTheEdge {
  answerTo(url: string): EdgeAnswer | undefined;
}
