import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ExplorerTokenKey } from './explorer-token-key';

const EXPIRY_BYTES = 4;
const NONCE_BYTES = 32;
const MAC_BYTES = 32;
const PAYLOAD_BYTES = EXPIRY_BYTES + NONCE_BYTES;
/** base64url of expiry, nonce and MAC: 68 bytes, 91 characters. */
const TOKEN_SHAPE = /^[\w-]{91}$/;

/** Whether a bearer could be an explorer token at all; anything else needs no key. */
export const couldBeExplorerToken = (bearer: string): boolean => TOKEN_SHAPE.test(bearer);

/**
 * Guest explorer tokens that carry their own expiry, signed (HMAC-SHA256) with a key the instances
 * share: issuing one stores nothing, so no client can grow what the service keeps, and a token
 * never issued fails its signature. Each holds 256 random bits, so every token is unique.
 */
@Injectable()
export class ExplorerTokenSigner {
  constructor(private readonly key: ExplorerTokenKey) {}

  async issue(lifetimeSeconds: number): Promise<string> {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt32BE(Math.floor(Date.now() / 1000) + lifetimeSeconds);
    randomBytes(NONCE_BYTES).copy(payload, EXPIRY_BYTES);
    return Buffer.concat([payload, this.mac(await this.key.get(), payload)]).toString('base64url');
  }

  /** Whether the token was issued with the key and has not expired. */
  async isValid(token: string): Promise<boolean> {
    if (!couldBeExplorerToken(token)) return false;
    const bytes = Buffer.from(token, 'base64url');
    // The last character carries two bits the bytes do not: only the one spelling of a token counts.
    if (bytes.toString('base64url') !== token) return false;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    const signed = timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), this.mac(await this.key.get(), payload));
    return signed && payload.readUInt32BE() * 1000 > Date.now();
  }

  private mac(key: Buffer, payload: Buffer): Buffer {
    return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  }
}
