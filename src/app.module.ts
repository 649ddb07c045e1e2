import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AdminGuard } from './auth/guards/admin.guard';
import { AuthModule } from './auth/auth.module';
import { DraftsModule } from './drafts/drafts.module';
import { HttpExceptionFilter } from './common/filters/http-exception.filter';
import { LoggingModule } from './common/logging/logging.module';
import { MemoryModule } from './common/memory/memory.module';
import { OpenApiModule } from './common/openapi/openapi-explorer';
import { RateLimitGuard } from './common/rate-limit/rate-limit.guard';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { TelemetryModule } from './common/telemetry/telemetry.module';
import { RequestValidationPipe } from './common/validation/request-validation.pipe';
import { CONFIGURATIONS } from './config';
import { ContactModule } from './contact/contact.module';
import { ContentDomainModule } from './content-domain/content-domain.module';
import { ContentStoreModule } from './content-store/content-store.module';
import { CvModule } from './cv/cv.module';
import { DatabaseModule } from './database/database.module';
import { FlagsModule } from './flags/flags.module';
import { HealthModule } from './health/health.module';
import { HistoryModule } from './history/history.module';
import { MediaModule } from './media/media.module';
import { PortfolioModule } from './portfolio/portfolio.module';
import { PORTFOLIO_DOMAINS } from './portfolio/portfolio-domains';
import { CONTENT_DOMAINS } from './content';
import { ServedContentModule } from './portfolio/served-content.module';
import { SiteModule } from './site/site.module';
import { SharedCacheModule } from './shared-cache/shared-cache.module';
import { ReadModelModule } from './read-model/read-model.module';
import { JobsModule } from './jobs/jobs.module';
import { ArchiveModule } from './archive/archive.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { DraftParameterGuard } from './common/http/draft-write';

@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      load: CONFIGURATIONS,
      ignoreEnvFile: process.env.NODE_ENV === 'test',
    }),
    LoggingModule,
    TelemetryModule,
    MemoryModule,
    DatabaseModule.forRoot(async () => (await import('./app.entities.js')).loadEntities()),
    ContentStoreModule,
    ContentDomainModule,
    ServedContentModule,
    ReadModelModule,
    RateLimitModule,
    OpenApiModule,
    // Express tries routes in module order: the public reads come first.
    ...CONTENT_DOMAINS.map((domain) => PORTFOLIO_DOMAINS[domain].module),
    AuthModule,
    HealthModule,
    ContactModule,
    FlagsModule,
    CvModule,
    PortfolioModule,
    HistoryModule,
    DraftsModule,
    MediaModule,
    SiteModule,
    SharedCacheModule,
    WebhooksModule,
    JobsModule,
    ArchiveModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: HttpExceptionFilter },
    { provide: APP_PIPE, useClass: RequestValidationPipe },
    // The credential is checked before anything else about an admin request.
    { provide: APP_GUARD, useExisting: AdminGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    // A `?draft` a write cannot honour is refused before anything of it is read.
    { provide: APP_GUARD, useClass: DraftParameterGuard },
  ],
})
export class AppModule {}
