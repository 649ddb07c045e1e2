import { registerAs } from '@nestjs/config';
import { IsIn, IsString, MinLength, ValidateIf } from 'class-validator';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

const CHALLENGES = ['off', 'altcha'] as const;

class ContactEnvironment {
  /** `altcha`: every contact message carries the solution of a proof-of-work challenge (GET /api/contact/challenge). */
  @IsIn(CHALLENGES, { message: `CONTACT_CHALLENGE must be one of ${CHALLENGES.join(', ')}` })
  readonly CONTACT_CHALLENGE: (typeof CHALLENGES)[number] = 'off';

  /** Signs the challenges; every instance must have the same one. */
  @ValidateIf((env: ContactEnvironment) => env.CONTACT_CHALLENGE === 'altcha')
  @IsString({ message: 'CONTACT_CHALLENGE_KEY is required with CONTACT_CHALLENGE=altcha (make one: openssl rand -base64 32)' })
  @MinLength(32, { message: 'CONTACT_CHALLENGE_KEY must be at least 32 characters (make one: openssl rand -base64 32)' })
  readonly CONTACT_CHALLENGE_KEY?: string;

  /** Contact messages older than this many days are deleted. */
  @EnvInteger(1, 36_500)
  readonly CONTACT_RETENTION_DAYS: number = 365;
}

export interface ContactConfig {
  /** The key that signs proof-of-work challenges, when the form asks for one. */
  challengeKey: string | undefined;
  retentionDays: number;
}

export const contactConfig = registerAs('contact', (): ContactConfig => {
  const env = validateConfig(process.env, ContactEnvironment);
  return {
    challengeKey: env.CONTACT_CHALLENGE === 'altcha' ? env.CONTACT_CHALLENGE_KEY : undefined,
    retentionDays: env.CONTACT_RETENTION_DAYS,
  };
});
