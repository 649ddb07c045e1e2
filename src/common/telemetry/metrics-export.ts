import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { type Meter, metrics } from '@opentelemetry/api';
// The SDK is imported dynamically (its ESM build): its types must come from the same build.
import type { MeterProvider } from '@opentelemetry/sdk-metrics' with { 'resolution-mode': 'import' };
import type { appConfig } from '@/config/app.config';

export const METER_NAME = 'portfolio-content-service';

/**
 * Where the service's instruments record. With METRICS_PORT set, a MeterProvider of its own
 * whose Prometheus exporter serves GET /metrics on that port (never the public one); without
 * it, the process's global provider, which is a no-op unless something registered one.
 */
export class MetricsExport implements OnApplicationShutdown {
  private constructor(
    readonly meter: Meter,
    private readonly provider?: MeterProvider,
  ) {}

  /** The SDK and the exporter are loaded only when METRICS_PORT asks for them. */
  static async create(config: ConfigType<typeof appConfig>): Promise<MetricsExport> {
    const port = config.metricsPort;
    if (port === undefined) return new MetricsExport(metrics.getMeter(METER_NAME));
    const [{ PrometheusExporter }, { MeterProvider }] = await Promise.all([
      import('@opentelemetry/exporter-prometheus'),
      import('@opentelemetry/sdk-metrics'),
    ]);
    const logger = new Logger(MetricsExport.name);
    const exporter = new PrometheusExporter({ port, host: '0.0.0.0', endpoint: '/metrics' }, (error) => {
      if (error) logger.error({ event: 'metrics_exporter_failed', port, reason: String(error) });
      else logger.log({ event: 'metrics_exporter_listening', port });
    });
    const provider = new MeterProvider({ readers: [exporter] });
    return new MetricsExport(provider.getMeter(METER_NAME), provider);
  }

  get enabled(): boolean {
    return this.provider !== undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.provider?.shutdown();
  }
}
