import { Global, Module } from '@nestjs/common';
import { FeatureFlags } from './feature-flags';
import { FeatureFlagsService } from './feature-flags.service';
import { FlagsController } from './flags.controller';

/** Global: other modules ask the FeatureFlags interface, never the store. */
@Global()
@Module({
  controllers: [FlagsController],
  providers: [FeatureFlagsService, { provide: FeatureFlags, useExisting: FeatureFlagsService }],
  exports: [FeatureFlags],
})
export class FlagsModule {}
