import { ForbiddenException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { GraphGroupMembership } from '@/auth/graph-group-membership';
import { EntraJwtStrategy } from '@/auth/strategies/entra-jwt.strategy';
import { authConfig } from '@/config/auth.config';
import { LocalEntra } from '@test/support/local-entra';
import { attempt, bearing } from '@test/support/passport-attempt';

const OVERFLOW_USER = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const MEMBER = { id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', email: 'mara@contoso.example', name: 'Mara Jansen', role: 'admin' };

/** The Entra ID strategy as the app makes it, against a local tenant: which tokens make an admin, and how each other one ends. */
describe('Entra ID access tokens', () => {
  let entra: LocalEntra;
  let strategy: EntraJwtStrategy;

  beforeAll(async () => {
    Logger.overrideLogger(false); // each refusal's warning is the HTTP tier's to read
    entra = await LocalEntra.start();
    for (const [name, value] of Object.entries(entra.env())) vi.stubEnv(name, value);
    const config = authConfig();
    vi.unstubAllEnvs();
    strategy = new EntraJwtStrategy(config.entra!, new GraphGroupMembership(config));
  });
  afterAll(() => entra.close());

  const outcomeOf = async (token: string | Promise<string>) => attempt(strategy, bearing(await token));
  const now = () => Math.floor(Date.now() / 1000);

  describe('accepted', () => {
    it.each<[string, () => Promise<string>]>([
      ['a member token with the client id as audience', () => entra.token()],
      ['a member token with the api:// URI as audience', () => entra.token({ aud: `api://${entra.env().AZURE_API_CLIENT_ID}` })],
      ['a token within the 60 s clock skew', () => entra.token({ exp: now() - 30 })],
      ['an application token, which carries roles instead of scp', () => entra.token({ scp: undefined, roles: ['Content.Write'] })],
    ])('%s, as the admin it names', async (_, mint) => {
      expect(await outcomeOf(mint())).toEqual({ user: MEMBER });
    });

    it('names the admin by the email claim when the token has one', async () => {
      expect(await outcomeOf(entra.token({ email: 'mara.jansen@example.com' }))).toEqual({
        user: { ...MEMBER, email: 'mara.jansen@example.com' },
      });
    });
  });

  describe('refused, as no credential (the guard answers 401 and tries no other)', () => {
    it.each<[string, () => Promise<string>]>([
      ['expired', () => entra.token({ exp: now() - 120 })],
      ['not yet valid', () => entra.token({ nbf: now() + 300 })],
      ['from another issuer', () => entra.token({ iss: 'https://login.microsoftonline.com/other-tenant/v2.0' })],
      ['for another audience', () => entra.token({ aud: '99999999-2222-4333-8444-555555555555' })],
      ['without an oid', () => entra.token({ oid: undefined })],
      ['that is an ID token of the API in the admin group (no scp, no roles)', () => entra.token({ scp: undefined })],
      ['whose scp is empty', () => entra.token({ scp: '' })],
      ['signed by an unknown key', () => entra.tokenFromUnknownKey()],
      ['HS256-signed with the RSA public key', () => entra.tokenSignedWithPublicKeyAsSecret()],
      ['marking an extension it does not understand as critical (crit)', () => entra.tokenWithCriticalExtension()],
      [
        'unsigned (alg none)',
        async () => {
          const [, payload] = (await entra.token()).split('.');
          return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
        },
      ],
      [
        'tampered with',
        async () => {
          const [header, payload, signature] = (await entra.token({ groups: [] })).split('.');
          const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
          claims.groups = [entra.env().ADMIN_GROUP_ID];
          return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
        },
      ],
    ])('a token %s', async (_, mint) => {
      expect(await outcomeOf(mint())).toEqual({ failed: true });
    });
  });

  it('ends a valid token outside the admin group with 403, never as an admin', async () => {
    const outcome = await outcomeOf(entra.token({ groups: ['00000000-0000-4000-8000-000000000001'] }));
    expect(outcome).toEqual({ error: expect.any(ForbiddenException) });
  });

  describe('group overflow', () => {
    const overflowToken = (oid: string) => entra.token({ oid, groups: undefined, _claim_names: { groups: 'src1' }, hasgroups: true });

    it('asks Graph, with one cached app token, and accepts a member, asking once', async () => {
      entra.members.add(OVERFLOW_USER);
      const tokenRequests = entra.tokenRequests;
      expect(await outcomeOf(overflowToken(OVERFLOW_USER))).toEqual({ user: { ...MEMBER, id: OVERFLOW_USER } });
      expect(entra.tokenRequests).toBe(tokenRequests + 1);
      const membershipRequests = entra.membershipRequests;
      expect(await outcomeOf(overflowToken(OVERFLOW_USER))).toHaveProperty('user');
      expect(entra.membershipRequests).toBe(membershipRequests);
    });

    it('ends with 403 when Graph says not a member', async () => {
      expect(await outcomeOf(overflowToken('1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9'))).toEqual({ error: expect.any(ForbiddenException) });
    });

    it('fails closed with 503 when Graph is unreachable', async () => {
      entra.graphAvailable = false;
      try {
        const outcome = await outcomeOf(overflowToken('2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0'));
        expect(outcome).toEqual({ error: expect.any(ServiceUnavailableException) });
      } finally {
        entra.graphAvailable = true;
      }
    });
  });

  it('keeps accepting tokens signed with cached keys while the tenant is unreachable, and refuses unknown keys', async () => {
    const [cachedKey, strangerKey] = [await entra.token(), await entra.tokenFromUnknownKey()];
    expect(await outcomeOf(cachedKey)).toHaveProperty('user');
    await entra.close();
    expect(await outcomeOf(cachedKey)).toHaveProperty('user');
    expect(await outcomeOf(strangerKey)).toEqual({ failed: true });
  });
});
