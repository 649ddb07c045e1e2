import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ContentDomainStores } from './content-domain-stores';

/** Every content domain's store, for what works on the whole portfolio (the content document, the CV). */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [ContentDomainStores],
  exports: [ContentDomainStores],
})
export class ContentDomainModule {}
