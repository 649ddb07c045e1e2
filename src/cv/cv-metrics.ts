import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from '@opentelemetry/api';
import { MetricsExport } from '@/common/telemetry/metrics-export';
import type { CvLanguage } from './cv-language';

/**
 * The CV's OpenTelemetry instruments. Without an exporter they are no-ops, so recording costs
 * nothing until METRICS_PORT (or a test's reader) gives them somewhere to go.
 */
@Injectable()
export class CvMetrics {
  private readonly downloads: Counter;
  private readonly generations: Counter;
  private readonly generationDuration: Histogram;

  constructor(metricsExport: MetricsExport) {
    const { meter } = metricsExport;
    this.downloads = meter.createCounter('cv.downloads', { description: 'CV PDFs downloaded' });
    this.generations = meter.createCounter('cv.generations', { description: 'CV PDFs generated on demand' });
    this.generationDuration = meter.createHistogram('cv.generation.duration', {
      description: 'Time to render a CV PDF',
      unit: 's',
    });
  }

  downloaded(lang: CvLanguage): void {
    this.downloads.add(1, { locale: lang });
  }

  generated(lang: CvLanguage, seconds: number): void {
    this.generations.add(1, { locale: lang });
    this.generationDuration.record(seconds, { locale: lang });
  }
}
