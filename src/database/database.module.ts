import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ClsModule } from 'nestjs-cls';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { databaseConfig } from '@/config/database.config';
import { DATA_SOURCE } from './data-source.token';
import { DatabaseStatus, databaseStatus } from './database-status';

/** Closes the pool last: Nest calls the global modules' shutdown hooks after the others'. */
@Injectable()
class DatabaseDisconnect implements OnApplicationShutdown {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.dataSource?.destroy();
  }
}

/**
 * The PostgreSQL data source, and transactions that span repositories: an adapter's write run
 * through its TransactionHost's withTransaction() joins the transaction its caller runs in
 * (nestjs-cls keeps it per async context, only while one runs), or starts its own. Without
 * DATABASE_URL neither TypeORM nor pg is loaded (content comes from the served document).
 */
@Global()
@Module({})
export class DatabaseModule {
  /**
   * `loadEntities` loads the app's one registry of entities (src/app.entities.ts, which the
   * command-line tools use too), and is called only with a database: entities import TypeORM.
   */
  static forRoot(loadEntities: () => Promise<DataSourceOptions['entities']>): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        ClsModule.forRoot({
          global: true,
          plugins: [new ClsPluginTransactional({ adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: DATA_SOURCE }) })],
        }),
      ],
      providers: [
        {
          provide: DATA_SOURCE,
          inject: [databaseConfig.KEY],
          useFactory: async ({ url, ...config }: ConfigType<typeof databaseConfig>): Promise<DataSource | null> =>
            url ? (await import('./connect-database.js')).connectDatabase({ url, ...config }, await loadEntities()) : null,
        },
        DatabaseDisconnect,
        databaseStatus,
      ],
      exports: [DATA_SOURCE, DatabaseStatus],
    };
  }
}
