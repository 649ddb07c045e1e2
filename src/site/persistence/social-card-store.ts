import { BytesBoundedCache } from '@/common/memory/bytes-bounded-cache';

/** How many bytes of cards the store without a database keeps. */
const MAX_BYTES_IN_MEMORY = 16 * 1024 * 1024;

/**
 * Where rendered cards are kept, one per page and language (`home:english`), with the hash of what
 * it shows: a card whose hash matches needs no render. With a database every instance shares them
 * and a restart forgets none, so renders are bounded by the owner's changes, not by clients.
 */
export abstract class SocialCardStore {
  abstract find(page: string, hash: string): Promise<Buffer | undefined>;
  abstract keep(page: string, hash: string, png: Buffer): Promise<void>;
}

/** Without a database (fixed content): in memory, up to 16 MB, the least recently read going first. */
export class SocialCardsInMemory extends SocialCardStore {
  private readonly kept = new BytesBoundedCache<{ hash: string; png: Buffer }>(MAX_BYTES_IN_MEMORY, ({ png }) => png.length);

  find(page: string, hash: string): Promise<Buffer | undefined> {
    const kept = this.kept.get(page);
    return Promise.resolve(kept?.hash === hash ? kept.png : undefined);
  }

  keep(page: string, hash: string, png: Buffer): Promise<void> {
    this.kept.drop(page);
    this.kept.keep(page, { hash, png });
    return Promise.resolve();
  }
}
