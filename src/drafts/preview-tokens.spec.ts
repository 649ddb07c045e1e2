import type { DraftsRepository } from './persistence/drafts.repository';
import { PreviewTokens } from './preview-tokens';

describe('preview tokens', () => {
  let stored: Buffer | undefined;
  const drafts = { previewKey: async (candidate: Buffer) => (stored ??= candidate) } as unknown as DraftsRepository;
  const tokens = () => new PreviewTokens(drafts, { previewSeconds: 3_600 });
  afterEach(() => vi.useRealTimers());

  it('are good on every instance that reads the same key, until they expire', async () => {
    const { token, expiresIn } = await tokens().issue(undefined);
    expect(expiresIn).toBe(3_600);
    expect(await tokens().isValid(token)).toBe(true);
    vi.useFakeTimers({ now: Date.now() + 3_601_000 });
    expect(await tokens().isValid(token)).toBe(false);
  });

  it('name the draft they were made for: when it was opened, or none', async () => {
    const opened = new Date('2026-11-28T10:00:00.123Z');
    expect(await tokens().draftOf((await tokens().issue(opened)).token)).toBe(opened.getTime());
    expect(await tokens().draftOf((await tokens().issue(undefined)).token)).toBe(0);
  });

  it('refuse a token changed in any way, or signed with another key', async () => {
    const { token } = await tokens().issue(undefined);
    const bytes = Buffer.from(token, 'base64url');
    bytes[3] ^= 1; // a later expiry
    expect(await tokens().isValid(bytes.toString('base64url'))).toBe(false);
    bytes[3] ^= 1;
    bytes[11] ^= 1; // another draft
    expect(await tokens().isValid(bytes.toString('base64url'))).toBe(false);
    expect(await tokens().isValid(`${token}A`)).toBe(false);
    stored = Buffer.alloc(32, 7);
    expect(await tokens().isValid(token)).toBe(false);
  });
});
