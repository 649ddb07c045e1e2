import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { databaseConfig } from '@/config/database.config';
import { storageFor } from '@/database/storage-for';
import { JobQueue, NoJobQueue } from './job-queue';
import { JobsController } from './jobs.controller';

/** The durable queue of deferred work (pg-boss, loaded only with a database), and its operator's view. */
@Module({
  controllers: [JobsController],
  providers: [
    storageFor<JobQueue, [ConfigType<typeof databaseConfig>]>(
      JobQueue,
      {
        postgres: async () => {
          const { PgBossQueue } = await import('./pg-boss-queue.js');
          return (txHost, { url }) => new PgBossQueue(url!, txHost);
        },
        none: () => new NoJobQueue(),
      },
      [databaseConfig.KEY],
    ),
  ],
  exports: [JobQueue],
})
export class JobsModule {}
