import { Controller, Get } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { Operation } from '@/common/openapi/operation.decorator';
import { HealthResponseDto } from './dto/health-response.dto';
import { HealthService } from './health.service';

const ALIVE: HealthResponseDto = { status: 'healthy', message: 'Portfolio Content Service is running' };

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  // Declared in full, outside the prefix's reach: GET /health is the liveness probe's.
  @Get('api/health')
  @Operation({
    operationId: 'getHealth',
    summary: 'Service health',
    description:
      '`healthy`, or `degraded` when a configured peer does not answer; the message says whether the database, the configuration store and the mail server are reachable (checked at most every 10 s). Always 200 while the process serves.',
    responses: { 200: HealthResponseDto },
  })
  check(): Promise<HealthResponseDto> {
    return this.health.current();
  }
}

/** Liveness for infrastructure probes, outside the `api` prefix: constant, touches nothing. */
@Controller()
export class LivenessController {
  @Get('health')
  @ApiExcludeEndpoint()
  liveness(): HealthResponseDto {
    return ALIVE;
  }
}
