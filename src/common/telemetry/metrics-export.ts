import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { type Meter, metrics } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { appConfig } from '@/config/app.config';

export const METER_NAME = 'portfolio-content-service';

/**
 * Where the service's instruments record. With METRICS_PORT set, a MeterProvider of its own
 * whose Prometheus exporter serves GET /metrics on that port (never the public one); without
 * it, the process's global provider, which is a no-op unless something registered one.
 */
@Injectable()
export class MetricsExport implements OnApplicationShutdown {
  private readonly logger = new Logger(MetricsExport.name);
  private readonly provider: MeterProvider | undefined;
  readonly meter: Meter;

  constructor(@Inject(appConfig.KEY) config: ConfigType<typeof appConfig>) {
    const port = config.metricsPort;
    if (port === undefined) {
      this.meter = metrics.getMeter(METER_NAME);
      return;
    }
    const exporter = new PrometheusExporter({ port, host: '0.0.0.0', endpoint: '/metrics' }, (error) => {
      if (error) this.logger.error({ event: 'metrics_exporter_failed', port, reason: String(error) });
      else this.logger.log({ event: 'metrics_exporter_listening', port });
    });
    this.provider = new MeterProvider({ readers: [exporter] });
    this.meter = this.provider.getMeter(METER_NAME);
  }

  get enabled(): boolean {
    return this.provider !== undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.provider?.shutdown();
  }
}
