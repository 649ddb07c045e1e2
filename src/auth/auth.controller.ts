import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { Operation } from '@/common/openapi/operation.decorator';
import { BearerToken } from './bearer-token';
import { CurrentPrincipal } from './current-principal.decorator';
import { AuthMeDto } from './dto/auth-me.dto';
import { ExplorerTokenDto } from './dto/explorer-token.dto';
import { ExplorerTokenService } from './explorer/explorer-token.service';
import { EntraIdentityGuard } from './guards/entra-identity.guard';
import { OptionalAdminGuard } from './guards/optional-admin.guard';
import type { Principal } from './principal';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly explorerTokens: ExplorerTokenService) {}

  @Get('explorer-token')
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  @UseGuards(OptionalAdminGuard)
  explorerToken(@CurrentPrincipal() admin: Principal | undefined, @BearerToken() bearer: string | undefined): Promise<ExplorerTokenDto> {
    return this.explorerTokens.issue(admin && bearer);
  }

  // The auth router answers at both /api/auth and /auth (a proxy may strip /api): both declared in full, outside the prefix.
  @Get(['api/auth/me', 'auth/me'])
  @UseGuards(EntraIdentityGuard)
  @ApiBearerAuth()
  @Operation({
    summary: 'Who the Entra ID access token belongs to',
    responses: {
      200: AuthMeDto,
      401: 'Missing or invalid identity-provider token',
      403: 'Valid token, not in the admin group',
      503: 'Group membership could not be checked (Graph unreachable)',
    },
  })
  me(@CurrentPrincipal() { id, email, name, role }: Principal): AuthMeDto {
    return { id, email, name, role };
  }
}
