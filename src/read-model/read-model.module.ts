import { Global, Module } from '@nestjs/common';
import { ContentChangesListener } from './content-changes.listener';
import { ReadModel } from './read-model';
import { ReadModelInterceptor } from './read-model.interceptor';

@Global()
@Module({
  providers: [ReadModel, ReadModelInterceptor, ContentChangesListener],
  exports: [ReadModel, ReadModelInterceptor],
})
export class ReadModelModule {}
