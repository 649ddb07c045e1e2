import type { IncomingMessage, ServerResponse } from 'node:http';
import { WrittenAnswer } from '@/common/http/written-answer';
import { BytesBoundedCache } from '@/common/memory/bytes-bounded-cache';
import { PRIVATE } from '@/common/http/cache-control';
import { TypedBody } from '@/read-model/typed-body';

/** A preview's answer: for its reader alone, kept by no cache, with no validator a published answer could share. */
export class PreviewAnswer extends WrittenAnswer {
  private readonly body: TypedBody;

  constructor(value: unknown) {
    super();
    this.body = TypedBody.of(value);
  }

  get size(): number {
    return this.body.bytes.length;
  }

  writeTo(_req: IncomingMessage, res: ServerResponse): void {
    const { mediaType, bytes } = this.body;
    res.writeHead(200, ['Content-Type', mediaType, 'Cache-Control', PRIVATE, 'Content-Length', bytes.length]);
    res.end(bytes);
  }
}

/** How many bytes of preview answers an instance keeps. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Preview answers kept under the draft's version, the published content's generation and the URL
 * (without the token): a preview link read again costs no rebuild until the draft or the content
 * changes. Bounded; the least recently read go first.
 */
export class PreviewAnswers extends BytesBoundedCache<PreviewAnswer> {
  constructor() {
    super(MAX_BYTES, (answer) => answer.size);
  }
}
