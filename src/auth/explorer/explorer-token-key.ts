import { randomBytes } from 'node:crypto';
import { ServiceUnavailableException } from '@nestjs/common';
import type Redis from 'ioredis';

const KEY_BYTES = 32;

/** The secret explorer tokens are signed with. */
export abstract class ExplorerTokenKey {
  abstract get(): Promise<Buffer>;
}

/** One process's own key: its tokens are good on this instance only, as its memory is. */
export class LocalExplorerTokenKey extends ExplorerTokenKey {
  private readonly key = randomBytes(KEY_BYTES);

  async get(): Promise<Buffer> {
    return this.key;
  }
}

/** Where instances on one Redis keep their one key; the first instance to ask makes it. */
export const SHARED_KEY_NAME = 'explorer-token:signing-key';

/** How often an instance reads the shared key again, so that instances never disagree for long after it changes. */
export const KEY_REFRESH_MS = 60_000;

/**
 * The key every instance on one Redis shares, so a token one issued is good on all: created once
 * (SET NX), then kept in memory, so tokens are issued and checked while Redis is down. Read again
 * from Redis every `refreshMs` in the background (made again if Redis lost it): a key that changed
 * there (rotated, or Redis emptied) is every instance's within a minute. Only an instance that has
 * never reached Redis cannot vouch for a token: 503, and it asks again next time.
 */
export class SharedExplorerTokenKey extends ExplorerTokenKey {
  private key: Promise<Buffer> | undefined;
  private loadedAt = 0;
  private refreshing = false;

  constructor(
    private readonly redis: Redis,
    private readonly refreshMs = KEY_REFRESH_MS,
  ) {
    super();
  }

  get(): Promise<Buffer> {
    if (this.key && Date.now() - this.loadedAt >= this.refreshMs) this.refresh();
    this.key ??= this.load().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  /** In the background: until Redis answers, the key in memory stays in use. */
  private refresh(): void {
    if (this.refreshing) return;
    this.refreshing = true;
    this.load()
      .then((key) => (this.key = Promise.resolve(key)))
      .catch(() => (this.loadedAt = Date.now()))
      .finally(() => (this.refreshing = false));
  }

  private async load(): Promise<Buffer> {
    try {
      await this.redis.set(SHARED_KEY_NAME, randomBytes(KEY_BYTES).toString('base64'), 'NX');
      const stored = await this.redis.get(SHARED_KEY_NAME);
      if (stored === null) throw new Error('the shared key vanished');
      this.loadedAt = Date.now();
      return Buffer.from(stored, 'base64');
    } catch {
      throw new ServiceUnavailableException({ detail: 'Explorer tokens are unavailable; try again shortly' });
    }
  }
}
