import { resolve } from 'node:path';
import { registerAs } from '@nestjs/config';
import { IsString, MinLength } from 'class-validator';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

/** Where the shipped CVs are: the demo person's. */
const SHIPPED_CV_DIR = './assets/cv';

class CvEnvironment {
  @IsString()
  @MinLength(1, { message: 'CV_DIR must not be empty' })
  readonly CV_DIR: string = SHIPPED_CV_DIR;

  @IsString()
  @MinLength(1, { message: 'CHROMIUM_PATH must not be empty' })
  readonly CHROMIUM_PATH: string = '/usr/bin/chromium';

  /** How long content must rest before a published CV is rendered again (at most 20 s after a burst began). */
  @EnvInteger(0, 20_000)
  readonly CV_REPUBLISH_DELAY_MS: number = 5_000;

  /** How long a render may take in all: its wait in the queue, the browser's launch, the page. */
  @EnvInteger(1_000, 120_000)
  readonly CV_RENDER_TIMEOUT_MS: number = 30_000;

  /** Download events older than this many days are folded into counts per language and day. */
  @EnvInteger(1, 36_500)
  readonly DOWNLOAD_EVENTS_RETENTION_DAYS: number = 400;
}

export interface CvConfig {
  /** Holds cv-english.pdf and cv-nederlands.pdf; relative paths start at the working directory. */
  directory: string;
  /** Whether `directory` is the folder shipped with the service (the demo person's CVs) rather than one of the owner's. */
  shipsDemoFiles: boolean;
  /** The browser that renders generated CVs; a missing one makes generation answer 503. */
  chromiumPath: string;
  republishDelayMs: number;
  renderTimeoutMs: number;
  downloadEventsRetentionDays: number;
}

export const cvConfig = registerAs('cv', (): CvConfig => {
  const env = validateConfig(process.env, CvEnvironment);
  return {
    directory: env.CV_DIR,
    shipsDemoFiles: resolve(env.CV_DIR) === resolve(SHIPPED_CV_DIR),
    chromiumPath: env.CHROMIUM_PATH,
    republishDelayMs: env.CV_REPUBLISH_DELAY_MS,
    renderTimeoutMs: env.CV_RENDER_TIMEOUT_MS,
    downloadEventsRetentionDays: env.DOWNLOAD_EVENTS_RETENTION_DAYS,
  };
});
