import { Controller, Get, UseGuards } from '@nestjs/common';
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

const WHO_IS_ASKING = {
  summary: 'Who the Entra ID access token belongs to',
  description:
    'An Entra ID access token of the admin group only (the static API token is 401 here): its object id, email (or preferred_username), name and role. ' +
    'Membership is read from the token’s groups claim, or asked of Microsoft Graph when the token has too many groups to carry them.',
  responses: {
    200: AuthMeDto,
    401: 'Missing or invalid identity-provider token',
    403: 'Valid token, not in the admin group',
    503: 'Group membership could not be checked (Graph unreachable)',
  },
};

const toAuthMe = ({ id, email, name, role }: Principal): AuthMeDto => ({ id, email, name, role });

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly explorerTokens: ExplorerTokenService) {}

  @Get('explorer-token')
  @ApiExcludeEndpoint()
  @UseGuards(OptionalAdminGuard)
  explorerToken(@CurrentPrincipal() admin: Principal | undefined, @BearerToken() bearer: string | undefined): Promise<ExplorerTokenDto> {
    return this.explorerTokens.issue(admin && bearer);
  }

  // The auth router answers at both /api/auth and /auth (a proxy may strip /api): both declared in full, outside the prefix.
  @Get('api/auth/me')
  @UseGuards(EntraIdentityGuard)
  @ApiBearerAuth()
  @Operation({ operationId: 'getCurrentAdmin', ...WHO_IS_ASKING })
  me(@CurrentPrincipal() principal: Principal): AuthMeDto {
    return toAuthMe(principal);
  }

  @Get('auth/me')
  @UseGuards(EntraIdentityGuard)
  @ApiBearerAuth()
  @Operation({
    operationId: 'getCurrentAdminOutsideApi',
    ...WHO_IS_ASKING,
    description: `The same as GET /api/auth/me, for a proxy that strips /api. ${WHO_IS_ASKING.description}`,
  })
  meOutsideApi(@CurrentPrincipal() principal: Principal): AuthMeDto {
    return toAuthMe(principal);
  }
}
