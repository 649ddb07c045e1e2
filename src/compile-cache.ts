import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, enableCompileCache, getCompileCacheDir, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { cachedDataVersionTag } from 'node:v8';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * Node's module compile cache: V8's compiled code of every module loaded at start-up is kept on
 * disk (NODE_COMPILE_CACHE, else the system's temporary directory) and reused by the next start,
 * which then skips most of its parsing and compiling. Imported first by main.ts, so that
 * everything after it is cached; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
enableCompileCache();

/**
 * Runs a CommonJS file (the service, bundled into one) with a V8 code cache of its own, beside
 * Node's. Node's serializes a module's code as soon as the module is compiled, when only its
 * top-level code is: every function the start-up runs was compiled again at every start. This
 * one is serialized when the process ends well (a stop, or the end of the image's build, which
 * starts and stops the service once), with every function run by then. It is named by the file's
 * checksum and V8's version and flags (cachedDataVersionTag), written once, by a process that
 * found none or whose cache V8 refused, and never without Node's compile cache.
 */
export function runWithCodeCache(filename: string): void {
  const source = readFileSync(filename);
  const directory = getCompileCacheDir();
  const cacheFile = directory && join(directory, `${basename(filename)}-${hex(crc32(source))}-${hex(cachedDataVersionTag())}.code-cache`);
  const cachedData = cacheFile ? readIfAny(cacheFile) : undefined;
  // The wrapper Node gives a CommonJS module, on a line of its own before the file's: stack traces name the file's own lines and columns.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {\n${source.toString()}\n})`, {
    filename,
    lineOffset: -1,
    cachedData,
  });
  // Only after a clean exit: a start that failed early would leave a cache of little, which no later start replaces.
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    process.once('exit', (code) => {
      if (code === 0) writeWhole(cacheFile, script.createCachedData());
    });
  }
  const module = new Module(filename);
  module.filename = filename;
  (script.runInThisContext() as CommonJsWrapper).call(
    module.exports,
    module.exports,
    createRequire(filename),
    module,
    filename,
    dirname(filename),
  );
  module.loaded = true;
}

type CommonJsWrapper = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;

const hex = (value: number): string => value.toString(16).padStart(8, '0');

function readIfAny(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written beside and renamed into place: a process starting meanwhile reads the whole cache or none. */
function writeWhole(file: string, data: Buffer): void {
  const scratch = `${file}.${process.pid}`;
  try {
    writeFileSync(scratch, data);
    renameSync(scratch, file);
  } catch {
    // A cache only saves time: where it cannot be written, the next start compiles as this one did.
    rmSync(scratch, { force: true });
  }
}
