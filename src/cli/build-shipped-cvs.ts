/** `npm run cv:build`: renders the shipped PDFs in CV_DIR through the same pipeline as PATCH /api/cv/generate. */
import 'reflect-metadata';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '@/app.module';
import { cvConfig } from '@/config/cv.config';
import { CvGenerationService } from '@/cv/cv-generation.service';
import { CV_LANGUAGES, cvFileName } from '@/cv/cv-language';

async function buildShippedCvs(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  try {
    const directory = resolve(app.get<ConfigType<typeof cvConfig>>(cvConfig.KEY).directory);
    await mkdir(directory, { recursive: true });
    for (const lang of CV_LANGUAGES) {
      const path = resolve(directory, cvFileName(lang));
      await writeFile(path, await app.get(CvGenerationService).render(lang));
      process.stdout.write(`${path}\n`);
    }
  } finally {
    await app.close();
  }
}

void buildShippedCvs();
