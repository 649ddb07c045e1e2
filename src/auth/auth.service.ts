import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { EntraJwtVerifier } from './credentials/entra-jwt.verifier';
import type { AuthMeDto } from './dto/auth-me.dto';

@Injectable()
export class AuthService {
  constructor(private readonly jwt: EntraJwtVerifier) {}

  /** The identity-provider token path only: the static token is not an identity. */
  async me(bearer: string | undefined): Promise<AuthMeDto> {
    const verdict = bearer ? await this.jwt.verify(bearer) : { outcome: 'unrecognised' as const };
    if (verdict.outcome === 'forbidden') throw new ForbiddenException({ detail: 'Admin rights required' });
    if (verdict.outcome !== 'admin') throw new UnauthorizedException({ detail: 'Invalid or expired credentials' });
    const { id, email, name } = verdict.principal;
    return { id, email, name, role: 'admin' };
  }
}
