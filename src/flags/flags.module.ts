import { Module } from '@nestjs/common';
import { FeatureFlags } from './feature-flags';
import { FeatureFlagsService } from './feature-flags.service';
import { FlagsController } from './flags.controller';

/** The two feature flags: other modules (the CV, health) import it and ask the FeatureFlags interface, never the store. */
@Module({
  controllers: [FlagsController],
  providers: [FeatureFlagsService, { provide: FeatureFlags, useExisting: FeatureFlagsService }],
  exports: [FeatureFlags],
})
export class FlagsModule {}
