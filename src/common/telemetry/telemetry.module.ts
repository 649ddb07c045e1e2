import { Global, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '@/config/app.config';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
import { MetricsExport } from './metrics-export';

/** OpenTelemetry metrics for every module; HTTP request metrics only while they are exported. */
@Global()
@Module({
  providers: [
    { provide: MetricsExport, inject: [appConfig.KEY], useFactory: (config: ConfigType<typeof appConfig>) => MetricsExport.create(config) },
  ],
  exports: [MetricsExport],
})
export class TelemetryModule implements NestModule {
  constructor(private readonly metricsExport: MetricsExport) {}

  configure(consumer: MiddlewareConsumer): void {
    if (this.metricsExport.enabled) consumer.apply(HttpMetricsMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
