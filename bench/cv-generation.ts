/**
 * `npm run bench:cv`: how long CV generation takes through the service's own pipeline (content,
 * template, Chromium): the first PDF from a cold start (browser launch included), then the
 * median of 20 renders on the warm browser. Built-in content; no database.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '@/app.module';
import { CvGenerationService } from '@/cv/cv-generation.service';

const WARM_RENDERS = 20;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await work();
  return performance.now() - startedAt;
}

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  try {
    const generation = app.get(CvGenerationService);
    const cold = await timed(() => generation.render('english'));
    const warm: number[] = [];
    for (let i = 0; i < WARM_RENDERS; i += 1) warm.push(await timed(() => generation.render(i % 2 ? 'nederlands' : 'english')));
    warm.sort((a, b) => a - b);
    const median = (warm[WARM_RENDERS / 2 - 1] + warm[WARM_RENDERS / 2]) / 2;
    const row = (label: string, ms: number) => `${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`;
    process.stdout.write(
      [
        row('first PDF, cold (browser launch)', cold),
        row(`median of ${WARM_RENDERS} warm renders`, median),
        row('fastest / slowest warm render', warm[0]) + ` / ${warm[WARM_RENDERS - 1].toFixed(0)} ms`,
        '',
      ].join('\n'),
    );
  } finally {
    await app.close();
  }
}

void main();
