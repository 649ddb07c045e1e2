import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from 'jose';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export const TENANT_ID = 'contoso-test-tenant';
export const API_CLIENT_ID = '11111111-2222-4333-8444-555555555555';
export const ADMIN_GROUP_ID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

/**
 * A local stand-in for Entra ID and Microsoft Graph on 127.0.0.1: discovery document, JWKS,
 * client-credentials token endpoint and checkMemberGroups. Tokens are signed with real RSA keys.
 */
export class LocalEntra {
  readonly members = new Set<string>();
  graphAvailable = true;
  tokenRequests = 0;
  membershipRequests = 0;
  keySetRequests = 0;
  private server!: Server;
  private signingKey!: KeyPair;
  private signingJwk!: JWK;
  private publishedKeys: JWK[] = [];
  private kid = randomUUID();

  static async start(): Promise<LocalEntra> {
    const entra = new LocalEntra();
    await entra.rotateSigningKey();
    entra.server = createServer((request, response) => {
      void entra.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => entra.server.listen(0, '127.0.0.1', resolve));
    return entra;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  get issuer(): string {
    return `${this.baseUrl}/${TENANT_ID}/v2.0`;
  }

  /** Environment that points the service at this provider. */
  env(): Record<string, string> {
    return {
      AUTH_AUTHORITY_HOST: this.baseUrl,
      GRAPH_BASE_URL: `${this.baseUrl}/v1.0`,
      AZURE_TENANT_ID: TENANT_ID,
      AZURE_API_CLIENT_ID: API_CLIENT_ID,
      ADMIN_GROUP_ID,
      AZURE_CLIENT_SECRET: 'local-secret',
    };
  }

  /** A v2.0 access token for the API, valid for an hour unless claims say otherwise. */
  async token(
    claims: Record<string, unknown> = {},
    key: KeyPair['privateKey'] = this.signingKey.privateKey,
    kid = this.kid,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: this.issuer,
      aud: API_CLIENT_ID,
      oid: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      name: 'Mara Jansen',
      preferred_username: 'mara@contoso.example',
      groups: [ADMIN_GROUP_ID],
      scp: 'Content.Write',
      iat: now,
      nbf: now,
      exp: now + 3600,
      ver: '2.0',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key);
  }

  /** Signs with a new key from now on and publishes it beside the old ones, as a tenant rolls keys. */
  async rotateSigningKey(): Promise<void> {
    this.kid = randomUUID();
    this.signingKey = await generateKeyPair('RS256', { extractable: true });
    this.signingJwk = { ...(await exportJWK(this.signingKey.publicKey)), kid: this.kid, use: 'sig', alg: 'RS256' };
    this.publishedKeys = [...this.publishedKeys, this.signingJwk];
  }

  /** The same claims signed with a key the JWKS does not publish. */
  async tokenFromUnknownKey(claims: Record<string, unknown> = {}): Promise<string> {
    const stranger = await generateKeyPair('RS256');
    return this.token(claims, stranger.privateKey, randomUUID());
  }

  /** HS256 with the provider's public key as the shared secret: the classic key-confusion forgery. */
  async tokenSignedWithPublicKeyAsSecret(): Promise<string> {
    const secret = new TextEncoder().encode(await exportSPKI(this.signingKey.publicKey));
    const valid = await this.token();
    const payload = JSON.parse(Buffer.from(valid.split('.')[1], 'base64url').toString());
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: this.kid }).sign(secret);
  }

  /** A valid token whose header marks an extension as critical (RFC 7515, `crit`) that no recipient here understands. */
  async tokenWithCriticalExtension(): Promise<string> {
    const payload = JSON.parse(Buffer.from((await this.token()).split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: this.kid, typ: 'JWT', crit: ['urn:example:must-check'], 'urn:example:must-check': true })
      .sign(this.signingKey.privateKey, { crit: { 'urn:example:must-check': true } });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const body = await readBody(request);
    if (url.pathname === `/${TENANT_ID}/v2.0/.well-known/openid-configuration`) {
      return [200, { issuer: this.issuer, jwks_uri: `${this.baseUrl}/${TENANT_ID}/discovery/v2.0/keys` }];
    }
    if (url.pathname === `/${TENANT_ID}/discovery/v2.0/keys`) {
      this.keySetRequests += 1;
      return [200, { keys: this.publishedKeys }];
    }
    if (url.pathname === `/${TENANT_ID}/oauth2/v2.0/token` && request.method === 'POST') {
      this.tokenRequests += 1;
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 'local-secret') {
        return [401, { error: 'invalid_client' }];
      }
      return [200, { token_type: 'Bearer', expires_in: 3599, access_token: `graph-app-token-${this.tokenRequests}` }];
    }
    const membership = /^\/v1\.0\/users\/([^/]+)\/checkMemberGroups$/.exec(url.pathname);
    if (membership && request.method === 'POST') {
      this.membershipRequests += 1;
      if (!this.graphAvailable) return [503, { error: { code: 'serviceNotAvailable' } }];
      if (!request.headers.authorization?.startsWith('Bearer graph-app-token-'))
        return [401, { error: { code: 'InvalidAuthenticationToken' } }];
      const { groupIds } = JSON.parse(body) as { groupIds: string[] };
      const userId = decodeURIComponent(membership[1]);
      return [200, { value: this.members.has(userId) ? groupIds.filter((id) => id === ADMIN_GROUP_ID) : [] }];
    }
    return [404, { error: 'not found' }];
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
