import { randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[\w-]{43}$/;

/** A new explorer token: 256 random bits, base64url (43 characters). */
export const newExplorerToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** Whether a bearer could be an explorer token at all; anything else needs no look-up. */
export const couldBeExplorerToken = (bearer: string): boolean => TOKEN_SHAPE.test(bearer);
