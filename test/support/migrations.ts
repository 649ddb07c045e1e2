import { DataSource } from 'typeorm';
import { loadEntities } from '@/app.entities';
import { postgresOptions } from '@/database/data-source.options';
import { MIGRATIONS } from '@/database/migrations';

/** A data source of the app's entities and these migrations on the database at `url`, for the time `work` takes. */
export async function withDataSource<T>(url: string, work: (dataSource: DataSource) => Promise<T>, migrations = MIGRATIONS): Promise<T> {
  const dataSource = new DataSource({ ...postgresOptions(url), entities: await loadEntities(), migrations });
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
