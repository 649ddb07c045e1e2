import { Controller, Get } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthResponseDto } from './dto/health-response.dto';

const HEALTHY: HealthResponseDto = { status: 'healthy', message: 'Portfolio Content Service is running' };

/** Liveness only: it answers while the process serves requests, whatever its peers do. */
@ApiTags('health')
@Controller()
export class HealthController {
  @Get('api/health')
  @ApiOperation({ summary: 'Service liveness' })
  @ApiOkResponse({ type: HealthResponseDto })
  check(): HealthResponseDto {
    return HEALTHY;
  }

  /** Legacy route kept for infrastructure probes. */
  @Get('health')
  @ApiExcludeEndpoint()
  legacyCheck(): HealthResponseDto {
    return HEALTHY;
  }
}
