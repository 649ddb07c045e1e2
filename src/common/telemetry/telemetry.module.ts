import { Global, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '@/config/app.config';
import { MetricsExport } from './metrics-export';

/** OpenTelemetry metrics for every module; configureApp records HTTP request metrics while they are exported. */
@Global()
@Module({
  providers: [
    { provide: MetricsExport, inject: [appConfig.KEY], useFactory: (config: ConfigType<typeof appConfig>) => MetricsExport.create(config) },
  ],
  exports: [MetricsExport],
})
export class TelemetryModule {}
