import { BytesBoundedCache } from '@/common/memory/bytes-bounded-cache';
import { PRIVATE } from '@/common/http/cache-control';
import { PreparedBody } from '@/read-model/prepared-body';
import { TypedBody } from '@/read-model/typed-body';

/**
 * A preview's answer, prepared as a published one is (compressed as the client accepts): for its
 * reader alone, kept by no cache, with no validator a published answer could share.
 */
export async function previewAnswerOf(value: unknown): Promise<PreparedBody> {
  return PreparedBody.of(await TypedBody.of(value), { validated: false, sharedCache: { cacheControl: PRIVATE, tags: [] } });
}

/** How many bytes of preview answers an instance keeps. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Preview answers kept under the draft's version, the published content's generation and the read
 * key: a preview link read again costs no rebuild until the draft or the content changes. Bounded;
 * the least recently read go first.
 */
export class PreviewAnswers extends BytesBoundedCache<PreparedBody> {
  constructor() {
    super(MAX_BYTES, (answer) => answer.size);
  }
}
