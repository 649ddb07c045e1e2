import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { bearerTokenOf } from './bearer-token';
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

  @Get('api/explorer-token')
  @ApiExcludeEndpoint()
  @UseGuards(OptionalAdminGuard)
  explorerToken(@CurrentPrincipal() admin: Principal | undefined, @Req() request: Request): Promise<ExplorerTokenDto> {
    return this.explorerTokens.issue(admin && bearerTokenOf(request));
  }

  // Served under both prefixes so that a proxy can reach /auth/me without /api.
  @Get(['api/auth/me', 'auth/me'])
  @UseGuards(EntraIdentityGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Who the Entra ID access token belongs to' })
  @ApiOkResponse({ type: AuthMeDto })
  @ApiUnauthorizedResponse({ description: 'Missing or invalid identity-provider token', type: ErrorDetailDto })
  @ApiForbiddenResponse({ description: 'Valid token, not in the admin group', type: ErrorDetailDto })
  @ApiServiceUnavailableResponse({ description: 'Group membership could not be checked (Graph unreachable)', type: ErrorDetailDto })
  me(@CurrentPrincipal() principal: Principal): AuthMeDto {
    const { id, email, name, role } = principal;
    return { id, email, name, role };
  }
}
