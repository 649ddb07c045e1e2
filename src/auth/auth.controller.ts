import { Controller, Get, Req, Res } from '@nestjs/common';
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
import type { Request, Response } from 'express';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { AuthService } from './auth.service';
import { bearerTokenOf } from './bearer-token';
import { AuthMeDto } from './dto/auth-me.dto';
import { ExplorerTokenDto } from './dto/explorer-token.dto';
import { ExplorerTokenService } from './explorer/explorer-token.service';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly explorerTokens: ExplorerTokenService,
  ) {}

  @Get('api/explorer-token')
  @ApiExcludeEndpoint()
  explorerToken(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ExplorerTokenDto> {
    return this.explorerTokens.issue(bearerTokenOf(request), response);
  }

  // Served under both prefixes so that a proxy can reach /auth/me without /api.
  @Get(['api/auth/me', 'auth/me'])
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Who the Entra ID access token belongs to' })
  @ApiOkResponse({ type: AuthMeDto })
  @ApiUnauthorizedResponse({ description: 'Missing or invalid identity-provider token', type: ErrorDetailDto })
  @ApiForbiddenResponse({ description: 'Valid token, not in the admin group', type: ErrorDetailDto })
  @ApiServiceUnavailableResponse({ description: 'Group membership could not be checked (Graph unreachable)', type: ErrorDetailDto })
  me(@Req() request: Request): Promise<AuthMeDto> {
    return this.auth.me(bearerTokenOf(request));
  }
}
