import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics';

class OnDemandReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Registers an OpenTelemetry MeterProvider for the process, so the instruments the app creates
 * record for real. Call before creating the app: instruments bind to the provider at creation.
 */
export function recordMetrics() {
  const reader = new OnDemandReader();
  metrics.disable();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

  const points = async (name: string): Promise<DataPoint<number | Histogram>[]> => {
    const { resourceMetrics } = await reader.collect();
    const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === name);
    return (metric?.dataPoints ?? []) as DataPoint<number | Histogram>[];
  };

  return {
    /** A counter's value per value of one attribute, e.g. `{ english: 2, nederlands: 1 }`. */
    async counter(name: string, attribute: string): Promise<Record<string, number>> {
      return Object.fromEntries((await points(name)).map((point) => [String(point.attributes[attribute]), point.value as number]));
    },
    /** How many values a histogram has recorded, over all attributes. */
    async histogramCount(name: string): Promise<number> {
      return (await points(name)).reduce((sum, point) => sum + (point.value as Histogram).count, 0);
    },
    stop: () => metrics.disable(),
  };
}
