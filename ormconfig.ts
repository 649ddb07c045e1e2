/** The data source the TypeORM CLI uses: `npm run migration:revert|generate`. */
import { cliDataSource } from './src/cli/cli-data-source';

export default cliDataSource;
