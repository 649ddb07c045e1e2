/**
 * `npm run client:generate`: starts the built service on a free port, reads its /openapi.json and
 * writes the client's types (src/schema.ts). Run after any change to the interface. With
 * `--check` it writes nothing and exits 1 when the committed types differ from the description.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedDescription } from '../../../scripts/served-description.mts';
import { typesFromDescription } from './types-from-description.ts';

const TYPES_FILE = join(import.meta.dirname, '..', 'src', 'schema.ts');

const types = await typesFromDescription(await servedDescription());
if (!process.argv.includes('--check')) {
  writeFileSync(TYPES_FILE, types);
  process.stdout.write(`wrote ${TYPES_FILE}\n`);
} else if (readFileSync(TYPES_FILE, 'utf8') !== types) {
  process.stderr.write(`${TYPES_FILE} differs from the served description: run npm run client:generate\n`);
  process.exitCode = 1;
}
