import type { ExplorerTokenKey } from './explorer-token-key';
import { LocalExplorerTokenKey } from './explorer-token-key';
import { couldBeExplorerToken, ExplorerTokenSigner } from './explorer-token-signer';

const HOUR_SECONDS = 3600;

describe('ExplorerTokenSigner', () => {
  const signer = new ExplorerTokenSigner(new LocalExplorerTokenKey());
  afterEach(() => vi.useRealTimers());

  it('issues unique tokens of one shape, each good until its hour is up', async () => {
    vi.useFakeTimers({ now: 5_000_000_000 });
    const tokens = await Promise.all(Array.from({ length: 100 }, () => signer.issue(HOUR_SECONDS)));
    expect(new Set(tokens).size).toBe(100);
    expect(tokens.every(couldBeExplorerToken)).toBe(true);
    vi.setSystemTime(5_000_000_000 + HOUR_SECONDS * 1000 - 1);
    expect(await signer.isValid(tokens[0])).toBe(true);
    vi.setSystemTime(5_000_000_000 + HOUR_SECONDS * 1000);
    expect(await signer.isValid(tokens[0])).toBe(false);
  });

  it('never accepts a token it did not sign: made up, altered, respelled, or signed with another key', async () => {
    const token = await signer.issue(HOUR_SECONDS);
    const bytes = Buffer.from(token, 'base64url');
    const laterExpiry = Buffer.from(bytes);
    laterExpiry.writeUInt32BE(bytes.readUInt32BE() + 86_400);
    const lastBitsChanged = token.slice(0, -1) + String.fromCharCode(token.charCodeAt(token.length - 1) ^ 1);
    const forged = [
      'A'.repeat(91),
      laterExpiry.toString('base64url'),
      lastBitsChanged,
      await new ExplorerTokenSigner(new LocalExplorerTokenKey()).issue(HOUR_SECONDS),
    ];
    for (const bearer of forged) expect(await signer.isValid(bearer)).toBe(false);
  });

  it('needs no key for a bearer that cannot be a token', async () => {
    const unreachable: ExplorerTokenKey = { get: () => Promise.reject(new Error('no key')) };
    const withoutKey = new ExplorerTokenSigner(unreachable);
    for (const bearer of ['', 'short', 'T'.repeat(43), 'T'.repeat(90), `${'T'.repeat(90)}=`, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln'])
      expect(await withoutKey.isValid(bearer)).toBe(false);
  });
});
