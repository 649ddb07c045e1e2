import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { Operation } from '@/common/openapi/operation.decorator';
import { FeatureFlagsDto, FeatureFlagsUpdateDto } from './dto/feature-flags.dto';
import { FeatureFlagsService } from './feature-flags.service';

@ApiTags('feature flags')
@Controller('feature-flags')
export class FlagsController {
  constructor(private readonly flags: FeatureFlagsService) {}

  @Get()
  @Operation({
    operationId: 'getFeatureFlags',
    summary: 'The feature flags',
    description: 'Cached per instance for FLAG_CACHE_TTL_MS.',
    responses: { 200: FeatureFlagsDto },
  })
  read(): Promise<FeatureFlagsDto> {
    return this.flags.current();
  }

  @Patch()
  @AdminOperation({
    operationId: 'updateFeatureFlags',
    summary: 'Change one or both flags',
    description: 'Writes to the configuration store; a flag missing there is created. The next read shows the new state.',
    body: { example: { cvGeneration: true } },
    responses: {
      200: { type: FeatureFlagsDto, description: 'The flags after the change' },
      400: { description: 'No flags provided', detail: 'No flags provided' },
      503: {
        description: 'No configuration store is configured, or it is unreachable',
        detail: 'The configuration store is unavailable; try again shortly',
      },
    },
  })
  update(@Body() changes: FeatureFlagsUpdateDto): Promise<FeatureFlagsDto> {
    return this.flags.update(changes);
  }
}
