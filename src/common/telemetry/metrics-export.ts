import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { type Meter, metrics } from '@opentelemetry/api';
// The SDK is imported dynamically (its ESM build): its types must come from the same build.
import type { MeterProvider } from '@opentelemetry/sdk-metrics' with { 'resolution-mode': 'import' };
import type { appConfig } from '@/config/app.config';
import { NOT_STORED } from '@/common/http/cache-control';

export const METER_NAME = 'portfolio-content-service';

/**
 * Where the service's instruments record. With METRICS_PORT set, a MeterProvider of its own
 * (its resource naming the service) whose Prometheus exporter answers GET /metrics on that port
 * (never the public one), `no-store` like every answer no cache may keep; without it, the
 * process's global provider, which is a no-op unless something registered one.
 */
export class MetricsExport implements OnApplicationShutdown {
  private constructor(
    readonly meter: Meter,
    private readonly provider?: MeterProvider,
    private readonly server?: Server,
  ) {}

  /** The SDK and the exporter are loaded only when METRICS_PORT asks for them. */
  static async create(config: ConfigType<typeof appConfig>): Promise<MetricsExport> {
    const port = config.metricsPort;
    if (port === undefined) return new MetricsExport(metrics.getMeter(METER_NAME));
    const [{ PrometheusExporter }, { MeterProvider }, { resourceFromAttributes }] = await Promise.all([
      import('@opentelemetry/exporter-prometheus'),
      import('@opentelemetry/sdk-metrics'),
      import('@opentelemetry/resources'),
    ]);
    const exporter = new PrometheusExporter({ preventServerStart: true });
    const server = createServer((req, res) => {
      res.setHeader('Cache-Control', NOT_STORED);
      if (req.method === 'GET' && req.url?.split('?', 1)[0] === ENDPOINT) exporter.getMetricsRequestHandler(req, res);
      else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }).unref();
    const logger = new Logger(MetricsExport.name);
    server.on('error', (error) => logger.error({ event: 'metrics_exporter_failed', port, reason: String(error) }));
    server.listen(port, '0.0.0.0', () => logger.log({ event: 'metrics_exporter_listening', port }));
    const resource = resourceFromAttributes({ 'service.name': METER_NAME });
    const provider = new MeterProvider({ resource, readers: [exporter] });
    return new MetricsExport(provider.getMeter(METER_NAME), provider, server);
  }

  get enabled(): boolean {
    return this.provider !== undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.server?.listening && once(this.server.close(), 'close'), this.provider?.shutdown()]);
  }
}

const ENDPOINT = '/metrics';
