import { registerAs } from '@nestjs/config';
import { IsOptional, IsString } from 'class-validator';
import { validateConfig } from './validate-config';

class AuthEnvironment {
  @IsOptional()
  @IsString()
  readonly API_ADMIN_TOKEN: string = '';
}

export interface AuthConfig {
  /** Empty: no static token ever matches. */
  adminToken: string;
}

export const authConfig = registerAs('auth', (): AuthConfig => {
  const env = validateConfig(process.env, AuthEnvironment);
  return { adminToken: env.API_ADMIN_TOKEN };
});
