import { registerAs } from '@nestjs/config';
import { IsString, MinLength } from 'class-validator';
import { validateConfig } from './validate-config';

class CvEnvironment {
  @IsString()
  @MinLength(1, { message: 'CV_DIR must not be empty' })
  readonly CV_DIR: string = './assets/cv';

  @IsString()
  @MinLength(1, { message: 'CHROMIUM_PATH must not be empty' })
  readonly CHROMIUM_PATH: string = '/usr/bin/chromium';
}

export interface CvConfig {
  /** Holds cv-english.pdf and cv-nederlands.pdf; relative paths start at the working directory. */
  directory: string;
  /** The browser that renders generated CVs; a missing one makes generation answer 503. */
  chromiumPath: string;
}

export const cvConfig = registerAs('cv', (): CvConfig => {
  const env = validateConfig(process.env, CvEnvironment);
  return { directory: env.CV_DIR, chromiumPath: env.CHROMIUM_PATH };
});
