import { Injectable } from '@nestjs/common';
import { type Counter, type Histogram, metrics } from '@opentelemetry/api';
import type { CvLanguage } from './cv-language';

export const METER_NAME = 'portfolio-content-service';

/**
 * The CV's OpenTelemetry instruments. Without a registered MeterProvider the API hands out
 * no-op instruments, so recording costs nothing until an exporter is set up.
 */
@Injectable()
export class CvMetrics {
  private readonly downloads: Counter;
  private readonly generations: Counter;
  private readonly generationDuration: Histogram;

  constructor() {
    const meter = metrics.getMeter(METER_NAME);
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
