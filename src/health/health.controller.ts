import { Controller, Get } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthResponseDto } from './dto/health-response.dto';
import { HealthService } from './health.service';

const ALIVE: HealthResponseDto = { status: 'healthy', message: 'Portfolio Content Service is running' };

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('api/health')
  @ApiOperation({
    summary: 'Service health',
    description:
      '`healthy`, or `degraded` when a configured peer does not answer; the message says whether the database, the configuration store and the mail server are reachable (checked at most every 10 s). Always 200 while the process serves.',
  })
  @ApiOkResponse({ type: HealthResponseDto })
  check(): Promise<HealthResponseDto> {
    return this.health.current();
  }

  /** Liveness for infrastructure probes: constant, touches nothing. */
  @Get('health')
  @ApiExcludeEndpoint()
  liveness(): HealthResponseDto {
    return ALIVE;
  }
}
