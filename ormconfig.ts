/** The data source the TypeORM CLI uses: `npm run migration:run|revert|generate`. */
import { DataSource } from 'typeorm';
import { ENTITIES } from './src/app.entities';
import { postgresOptions } from './src/database/data-source.options';

export default new DataSource({
  ...postgresOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portfolio'),
  entities: ENTITIES,
});
