import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { getDataSourceToken, TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { databaseConfig } from '@/config/database.config';
import { postgresOptions } from './data-source.options';
import { DatabaseStatus, databaseStatus } from './database-status';
import { openDatabase } from './open-database';

type Entities = NonNullable<DataSourceOptions['entities']>;

/**
 * The PostgreSQL data source, and transactions that span repositories: an adapter's write run
 * through its TransactionHost's withTransaction() joins the transaction its caller runs in
 * (nestjs-cls keeps it per async context, only while one runs), or starts its own.
 */
@Global()
@Module({})
export class DatabaseModule {
  /** `entities` is the app's one registry (src/app.entities.ts), which the migration CLI uses too. */
  static forRoot(entities: Entities): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [databaseConfig.KEY],
          useFactory: ({ url }: ConfigType<typeof databaseConfig>): TypeOrmModuleOptions =>
            url
              ? // openDatabase waits and migrates; TypeORM's own fixed-delay retries are off.
                { ...postgresOptions(url), entities, migrationsRun: false, retryAttempts: 0 }
              : // Without DATABASE_URL the data source is never connected; content comes from the served document.
                { type: 'postgres', entities, manualInitialization: true },
          dataSourceFactory: async (options) => {
            const dataSource = new DataSource(options!);
            const { url, migrationsRun, startupWaitMs } = databaseConfig();
            return url ? openDatabase(dataSource, { waitMs: startupWaitMs, runMigrations: migrationsRun }) : dataSource;
          },
        }),
        ClsModule.forRoot({
          global: true,
          plugins: [new ClsPluginTransactional({ adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }) })],
        }),
      ],
      providers: [databaseStatus],
      exports: [DatabaseStatus],
    };
  }
}
