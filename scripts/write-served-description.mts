/** `node scripts/write-served-description.mts FILE`: writes what the built service serves at /openapi.json to FILE, for the linters. */
import { writeFileSync } from 'node:fs';
import { servedDescription } from './served-description.mts';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/write-served-description.mts FILE');
writeFileSync(file, JSON.stringify(await servedDescription(), null, 2));
