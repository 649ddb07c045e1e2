const TOKEN_EARLY_REFRESH_MS = 60_000;

/** What asks for a token: the OAuth 2.0 token endpoint, and the app and scope it asks as. */
export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/**
 * An app's access token from the client-credentials flow (a plain form POST to the token
 * endpoint), kept until shortly before it expires. `call` makes the request and throws for an
 * answer that is not 2xx.
 */
export class ClientCredentialsToken {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly credentials: ClientCredentials,
    private readonly call: (url: string, init: RequestInit) => Promise<Response>,
  ) {}

  async value(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { tokenUrl, clientId, clientSecret, scope } = this.credentials;
    const response = await this.call(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope }),
    });
    const { access_token: value, expires_in: expiresIn } = (await response.json()) as { access_token: string; expires_in: number };
    this.token = { value, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_EARLY_REFRESH_MS };
    return value;
  }
}
