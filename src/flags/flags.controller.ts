import { Body, Controller, Get } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { AdminPatch } from '@/auth/admin-operation.decorator';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { FeatureFlagsDto, FeatureFlagsUpdateDto } from './dto/feature-flags.dto';
import { FeatureFlagsService } from './feature-flags.service';

@ApiTags('feature flags')
@Controller('api/feature-flags')
export class FlagsController {
  constructor(private readonly flags: FeatureFlagsService) {}

  @Get()
  @ApiOperation({ summary: 'The feature flags', description: 'Cached per instance for FLAG_CACHE_TTL_MS.' })
  @ApiOkResponse({ type: FeatureFlagsDto })
  read(): Promise<FeatureFlagsDto> {
    return this.flags.current();
  }

  @AdminPatch('', {
    summary: 'Change one or both flags',
    description: 'Writes to the configuration store; a flag missing there is created. The next read shows the new state.',
    returns: FeatureFlagsDto,
    outcome: 'The flags after the change',
  })
  @ApiBadRequestResponse({ description: 'No flags provided', type: ErrorDetailDto })
  @ApiServiceUnavailableResponse({ description: 'No configuration store is configured, or it is unreachable', type: ErrorDetailDto })
  update(@Body() changes: FeatureFlagsUpdateDto): Promise<FeatureFlagsDto> {
    return this.flags.update(changes);
  }
}
