import { createHash } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { FeatureFlags } from '@/flags/feature-flags';
import { CvContentService } from './cv-content.service';
import type { CvLanguage } from './cv-language';
import { CvMetrics } from './cv-metrics';
import { type CvContent, CvTemplate } from './cv-template';
import { ChromiumPdfRenderer } from './pdf/chromium-pdf.renderer';

/** On-demand CVs from the current content, while the cvGeneration flag is on. */
@Injectable()
export class CvGenerationService {
  private readonly template = new CvTemplate();

  constructor(
    private readonly flags: FeatureFlags,
    private readonly content: CvContentService,
    private readonly renderer: ChromiumPdfRenderer,
    private readonly metrics: CvMetrics,
  ) {}

  isEnabled(): Promise<boolean> {
    return this.flags.isEnabled('cvGeneration');
  }

  /** The endpoint's path: 404 while the flag is off, counted and timed. */
  async generate(lang: CvLanguage): Promise<Buffer> {
    if (!(await this.isEnabled())) throw new NotFoundException({ detail: 'CV generation is not enabled' });
    const startedAt = performance.now();
    const pdf = await this.render(lang);
    this.metrics.generated(lang, (performance.now() - startedAt) / 1000);
    return pdf;
  }

  /** The PDF itself, whatever the flag says; `npm run cv:build` ships these. */
  async render(lang: CvLanguage): Promise<Buffer> {
    return (await this.renderWithFingerprint(lang)).pdf;
  }

  /** The PDF, and the fingerprint of the content it was rendered from (what a published CV keeps, to know when it is stale). */
  async renderWithFingerprint(lang: CvLanguage): Promise<{ pdf: Buffer; contentFingerprint: string }> {
    const content = await this.content.current(lang);
    return { pdf: await this.renderer.render(await this.template.html(lang, content)), contentFingerprint: fingerprintOf(content) };
  }

  /** The fingerprint of the content a CV in `lang` is rendered from, as it is now. */
  async contentFingerprint(lang: CvLanguage): Promise<string> {
    return fingerprintOf(await this.content.current(lang));
  }
}

const fingerprintOf = (content: CvContent): string => createHash('sha256').update(JSON.stringify(content)).digest('base64url');
