// Node's compile cache is turned on first, for every module loaded after it; the service itself
// (bootstrap.js, one bundled file once built: rolldown.config.mjs) runs with a code cache of its own,
// made with the V8 flag the service sets on itself, which is set before it is compiled.
import { runWithCodeCache } from './compile-cache';
import { exposeGarbageCollection } from './common/memory/heap-runtime';

exposeGarbageCollection();
runWithCodeCache(require.resolve('./bootstrap'));
