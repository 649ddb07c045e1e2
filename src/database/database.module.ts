import { Global, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { databaseConfig } from '@/config/database.config';
import { postgresOptions } from './data-source.options';
import { DatabaseStatus } from './database-status';
import { ContentSeeder } from './seed/content.seeder';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [databaseConfig.KEY],
      useFactory: ({ url, migrationsRun }: ConfigType<typeof databaseConfig>): TypeOrmModuleOptions =>
        url
          ? { ...postgresOptions(url), autoLoadEntities: true, migrationsRun, retryAttempts: 3, retryDelay: 2_000 }
          : // Without DATABASE_URL the data source is never connected; services read the built-in data set.
            { type: 'postgres', autoLoadEntities: true, manualInitialization: true },
    }),
  ],
  providers: [DatabaseStatus, ContentSeeder],
  exports: [DatabaseStatus],
})
export class DatabaseModule {}
