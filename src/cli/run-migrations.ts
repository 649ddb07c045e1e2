/**
 * `npm run migration:run`: applies the pending migrations to DATABASE_URL, one transaction each,
 * and says which it applied. (TypeORM's own migration:run prints every SQL statement it runs.)
 */
import { cliDataSource } from './cli-data-source';

async function runMigrations(): Promise<void> {
  const dataSource = await cliDataSource;
  dataSource.setOptions({ logging: ['error'] });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const { name } of applied) process.stdout.write(`applied ${name}\n`);
    process.stdout.write(applied.length > 0 ? `${applied.length} migration(s) applied\n` : 'No migration was pending\n');
  } finally {
    await dataSource.destroy();
  }
}

runMigrations().catch((error: unknown) => {
  process.stderr.write(`Migrations failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
