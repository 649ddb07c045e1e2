import { globSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataArgsStorage } from 'typeorm';
import { loadEntities } from '@/app.entities';
import { ROOT } from '@test/support/paths';

describe('the entity registry (src/app.entities.ts)', () => {
  it('lists every @Entity() under src/, so that the app, the migration CLI and the drift test see the same schema', async () => {
    for (const file of globSync('src/**/entities/*.entity.ts', { cwd: ROOT })) await import(join(ROOT, file));
    const declared = getMetadataArgsStorage().tables.map((table) => table.target as object);
    expect(new Set(await loadEntities())).toEqual(new Set(declared));
  });
});
