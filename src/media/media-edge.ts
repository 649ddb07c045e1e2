import { Injectable } from '@nestjs/common';
import { RATE_LIMITED, type RateLimitSpec } from '@/common/rate-limit/rate-limit.decorator';
import { handlerName } from '@/common/rate-limit/rate-limit.guard';
import type { AnswersAtTheEdge, EdgeAnswer } from '@/read-model/edge-answer';
import { MEDIA_ID, VARIANT_NAME } from './dto/media-params.dto';
import { mediaUrl } from '@/content/media-url';
import { MediaController } from './media.controller';
import { MediaServing } from './media-serving.service';

/** A pattern's source without its anchors, to make part of another. */
const unanchored = (pattern: RegExp): string => pattern.source.slice(1, -1);

/** A variant's own URL, whose answer depends on nothing else (no query, no Accept). */
const VARIANT_URL = new RegExp(`^${mediaUrl(`(${unanchored(MEDIA_ID)})`)}/(${unanchored(VARIANT_NAME)})$`);

const VARIANT_HANDLER = 'variant' satisfies keyof MediaController;

/** The variant route as its handler declares it: what a read answered at the edge logs, counts and limits as. */
const VARIANT_READ: EdgeAnswer['read'] = {
  pattern: '/api/media/:media_id/:variant',
  route: {
    handler: handlerName(MediaController, { name: VARIANT_HANDLER }),
    // Set on the handler function itself, as SetMetadata does.
    limit: Reflect.getMetadata(
      RATE_LIMITED,
      Object.getOwnPropertyDescriptor(MediaController.prototype, VARIANT_HANDLER)!.value as object,
    ) as RateLimitSpec,
    headers: [],
  },
};

/**
 * Hot variants answered at the server's front door, from memory, as the read model's answers
 * are: a gallery's pictures skip Express and Nest once served. Anything else (a cold variant, the
 * negotiating URL) goes on to the pipeline, which put them in memory.
 */
@Injectable()
export class MediaEdge implements AnswersAtTheEdge {
  constructor(private readonly media: MediaServing) {}

  answerTo(url: string): EdgeAnswer | undefined {
    const found = VARIANT_URL.exec(url);
    const bytes = found && this.media.hotVariant(found[1], found[2]);
    return bytes ? { read: VARIANT_READ, body: bytes } : undefined;
  }
}
