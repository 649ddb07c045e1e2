import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { sharedCacheConfig } from '@/config/shared-cache.config';
import { CachePurger } from './cache-purger';
import { CloudflarePurge } from './cloudflare-purge';
import { FastlyPurge } from './fastly-purge';
import { FrontDoorPurge } from './front-door-purge';
import { PurgeLeadership } from './purge-leadership';
import { PurgeTarget } from './purge-target';
import { VarnishPurge } from './varnish-purge';

/** A shared cache in front (a CDN, Varnish), purged on every change of content: CDN_PURGE picks its API. */
@Module({
  providers: [
    CachePurger,
    PurgeLeadership,
    {
      provide: PurgeTarget,
      inject: [sharedCacheConfig.KEY],
      useFactory: ({ purge }: ConfigType<typeof sharedCacheConfig>): PurgeTarget | null => {
        switch (purge?.kind) {
          case 'varnish':
            return new VarnishPurge(purge);
          case 'cloudflare':
            return new CloudflarePurge(purge);
          case 'fastly':
            return new FastlyPurge(purge);
          case 'azure-front-door':
            return new FrontDoorPurge(purge);
          default:
            return null;
        }
      },
    },
  ],
  exports: [CachePurger],
})
export class SharedCacheModule {}
