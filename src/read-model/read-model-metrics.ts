import { Injectable } from '@nestjs/common';
import { MetricsExport } from '@/common/telemetry/metrics-export';
import { ReadModel } from './read-model';

/** The read model's size as gauges, read when metrics are collected: what content costs in memory as it grows. */
@Injectable()
export class ReadModelMetrics {
  constructor(metricsExport: MetricsExport, readModel: ReadModel) {
    const { meter } = metricsExport;
    const answers = meter.createObservableGauge('read_model.answers', { description: 'Request URLs the read model holds an answer for' });
    const bytes = meter.createObservableGauge('read_model.bytes', {
      description: 'Bytes of the prepared bodies the read model holds, every encoding included',
      unit: 'By',
    });
    meter.addBatchObservableCallback(
      (observer) => {
        const footprint = readModel.footprint();
        observer.observe(answers, footprint.answers);
        observer.observe(bytes, footprint.bytes);
      },
      [answers, bytes],
    );
  }
}
