import { Module } from '@nestjs/common';
import { AdminGuard } from './admin.guard';
import { CREDENTIAL_VERIFIERS } from './credentials/admin-credential';
import { StaticTokenVerifier } from './credentials/static-token.verifier';

@Module({
  providers: [
    StaticTokenVerifier,
    {
      provide: CREDENTIAL_VERIFIERS,
      inject: [StaticTokenVerifier],
      useFactory: (...verifiers: StaticTokenVerifier[]) => verifiers,
    },
    AdminGuard,
  ],
  exports: [AdminGuard],
})
export class AuthModule {}
