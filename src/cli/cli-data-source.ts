import { DataSource } from 'typeorm';
import { loadEntities } from '@/app.entities';
import { postgresOptions } from '@/database/data-source.options';

/** The data source of the command-line tools (TypeORM's CLI through ormconfig.ts, and `npm run migration:run`): DATABASE_URL's. */
export const cliDataSource: Promise<DataSource> = loadEntities().then(
  (entities) =>
    new DataSource({
      ...postgresOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portfolio'),
      entities,
    }),
);
