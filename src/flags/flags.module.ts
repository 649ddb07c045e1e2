import { Global, Module } from '@nestjs/common';
import { EnvironmentFeatureFlags } from './environment-feature-flags';
import { FeatureFlags } from './feature-flags';

@Global()
@Module({
  providers: [{ provide: FeatureFlags, useClass: EnvironmentFeatureFlags }],
  exports: [FeatureFlags],
})
export class FlagsModule {}
