import { enableCompileCache } from 'node:module';

/**
 * Node's module compile cache: V8's compiled code of every module loaded at start-up is kept on
 * disk (NODE_COMPILE_CACHE, else the system's temporary directory) and reused by the next start,
 * which then skips most of its parsing and compiling. Imported first by main.ts, so that
 * everything after it is cached; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
enableCompileCache();
