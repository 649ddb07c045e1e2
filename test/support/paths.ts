import { join } from 'node:path';

/** The repository's root. */
export const ROOT = join(__dirname, '..', '..');

/** The service as `npm run build` leaves it and as it is deployed. */
export const BUILT_MAIN = join(ROOT, 'dist', 'src', 'main.js');
