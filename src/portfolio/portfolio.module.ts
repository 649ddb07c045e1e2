import { Module } from '@nestjs/common';
import { ContentDocumentPipe } from './content-document.pipe';
import { ContentSeeder } from './content-seeder';
import { PortfolioController } from './portfolio.controller';
import { PortfolioService } from './portfolio.service';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

/**
 * The portfolio as a whole: export and import as one content document, and seeding an empty
 * database. It reaches each domain through its store (ContentDomainStores), not by importing it.
 */
@Module({
  imports: [ContentWritesModule],
  controllers: [PortfolioController],
  providers: [PortfolioService, ContentSeeder, ContentDocumentPipe],
  exports: [PortfolioService, ContentDocumentPipe],
})
export class PortfolioModule {}
