import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DatabaseAnnouncements } from './database-announcements';
import { ContentChangesListener, DEFAULT_LISTENER_CHECK, LISTENER_CHECK } from './content-changes.listener';
import { ReadKeys } from './read-keys';
import { ReadModel } from './read-model';
import { SharedCaching } from './shared-caching';
import { ReadModelMetrics } from './read-model-metrics';
import { ReadModelInterceptor } from './read-model.interceptor';
import { PublicReadRoutes } from './public-read-routes';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    ReadModel,
    SharedCaching,
    ReadKeys,
    ReadModelInterceptor,
    PublicReadRoutes,
    ContentChangesListener,
    DatabaseAnnouncements,
    { provide: LISTENER_CHECK, useValue: DEFAULT_LISTENER_CHECK },
    ReadModelMetrics,
  ],
  exports: [DatabaseAnnouncements, ReadModel, SharedCaching, ReadKeys, ReadModelInterceptor, PublicReadRoutes],
})
export class ReadModelModule {}
