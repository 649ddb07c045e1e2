// Node's compile cache is turned on first, for every module loaded after it; the service itself
// (bootstrap.js, one bundled file once built: rolldown.config.mjs) runs with a code cache of its own.
import { runWithCodeCache } from './compile-cache';

runWithCodeCache(require.resolve('./bootstrap'));
