import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { draftsConfig } from '@/config/drafts.config';
import { DraftsRepository } from './persistence/drafts.repository';

const KEY_BYTES = 32;
const EXPIRY_BYTES = 4;
/** When the draft the link was made for was opened (ms since the epoch; 0: no draft was open). */
const DRAFT_BYTES = 8;
const NONCE_BYTES = 16;
const PAYLOAD_BYTES = EXPIRY_BYTES + DRAFT_BYTES + NONCE_BYTES;
/** base64url of expiry, draft, nonce and MAC (60 bytes). */
const TOKEN_SHAPE = /^[\w-]{80}$/;
/** Signs nothing but preview tokens: no other token made with the key could pass for one. */
const PURPOSE = 'draft-preview:';

/**
 * Read-only links to the draft: a token carries its own expiry and the draft it was made for (when
 * that draft was opened), signed (HMAC-SHA256) with a key every instance reads from the database;
 * issuing one stores nothing.
 */
@Injectable()
export class PreviewTokens {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly drafts: DraftsRepository,
    @Inject(draftsConfig.KEY) private readonly config: ConfigType<typeof draftsConfig>,
  ) {}

  /** A link to the draft opened at `draftOpenedAt` (undefined: none is open, and it reads the published content). */
  async issue(draftOpenedAt: Date | undefined): Promise<{ token: string; expiresIn: number }> {
    const expiresIn = this.config.previewSeconds;
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt32BE(Math.floor(Date.now() / 1000) + expiresIn);
    payload.writeBigUInt64BE(BigInt(draftOpenedAt?.getTime() ?? 0), EXPIRY_BYTES);
    randomBytes(NONCE_BYTES).copy(payload, EXPIRY_BYTES + DRAFT_BYTES);
    return { token: Buffer.concat([payload, await this.mac(payload)]).toString('base64url'), expiresIn };
  }

  /** Whether the token was issued with the key and has not expired. */
  async isValid(token: string): Promise<boolean> {
    return (await this.draftOf(token)) !== undefined;
  }

  /** When the draft the token was made for was opened (0: none was), if the token was issued with the key and has not expired. */
  async draftOf(token: string): Promise<number | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    // The last character carries bits the bytes do not: only the one spelling of a token counts.
    if (bytes.toString('base64url') !== token) return undefined;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    const signed = timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), await this.mac(payload));
    if (!signed || payload.readUInt32BE() * 1000 <= Date.now()) return undefined;
    return Number(payload.readBigUInt64BE(EXPIRY_BYTES));
  }

  private async mac(payload: Buffer): Promise<Buffer> {
    this.key ??= this.drafts.previewKey(randomBytes(KEY_BYTES)).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return createHmac('sha256', await this.key)
      .update(PURPOSE)
      .update(payload)
      .digest();
  }
}
