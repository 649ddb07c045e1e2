import { Global, Module } from '@nestjs/common';
import { ContentChangedInterceptor } from './changes-content.decorator';
import { ContentChanges } from './content-changes.service';
import { ReadModel } from './read-model.service';

@Global()
@Module({
  providers: [ReadModel, ContentChanges, ContentChangedInterceptor],
  exports: [ReadModel, ContentChanges, ContentChangedInterceptor],
})
export class ReadModelModule {}
