import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ClientCredentialsToken } from '@/common/http/client-credentials-token';
import { authConfig, type EntraConfig } from '@/config/auth.config';

const TIMEOUT_MS = 5_000;
const MEMBERSHIP_TTL_MS = 5 * 60_000;

/**
 * Decides group membership through Microsoft Graph when a token's `groups` claim overflowed.
 * The app token (ClientCredentialsToken) is kept until shortly before it expires; answers are cached briefly per user. Any failure fails closed with a 503.
 */
@Injectable()
export class GraphGroupMembership {
  private readonly logger = new Logger(GraphGroupMembership.name);
  private appToken: ClientCredentialsToken | undefined;
  private readonly answers = new Map<string, { member: boolean; expiresAt: number }>();

  constructor(@Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>) {}

  async isMember(userId: string, groupId: string): Promise<boolean> {
    const key = `${userId}:${groupId}`;
    const cached = this.answers.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.member;
    const entra = this.config.entra!;
    const response = await this.call(`${entra.graphBaseUrl}/users/${encodeURIComponent(userId)}/checkMemberGroups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.appAccessToken(entra)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ groupIds: [groupId] }),
    });
    const { value } = (await response.json()) as { value?: unknown };
    const member = Array.isArray(value) && value.includes(groupId);
    this.answers.set(key, { member, expiresAt: Date.now() + MEMBERSHIP_TTL_MS });
    return member;
  }

  private appAccessToken(entra: EntraConfig): Promise<string> {
    this.appToken ??= new ClientCredentialsToken(
      {
        tokenUrl: entra.tokenUrl,
        clientId: entra.clientId,
        clientSecret: entra.clientSecret ?? '',
        scope: `${new URL(entra.graphBaseUrl).origin}/.default`,
      },
      (url, init) => this.call(url, init),
    );
    return this.appToken.value();
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response;
    } catch (error) {
      this.logger.warn({ event: 'directory_unavailable', url, error: String(error) });
      throw new ServiceUnavailableException({ detail: 'Group membership could not be checked; try again shortly' });
    }
  }
}
