/**
 * The service as one file: `npm run build` compiles src/ with Nest's build (tsc, with decorator
 * metadata), then bundles dist/src/bootstrap.js and everything it loads at start-up into
 * dist/src/bootstrap.js itself (dist/src/main.js turns the compile cache on, then runs it with a code cache of its own). A cold start then reads one file instead of ~1,600 modules found one by
 * one in node_modules (BENCHMARKS.md: about a third of the start). The compiled modules stay
 * beside it for the migration CLI (dist/ormconfig.js) and the scripts.
 *
 * Left out of the bundle, and loaded from node_modules when used:
 */
const EXTERNAL = [
  // what the service loads only when its configuration or a request asks for it
  /^puppeteer-core/,
  // what the mailer renders and sends with; its own code is bundled (lazily, as the mailer's module
  // is), so that it uses the bundle's Nest and rxjs: loaded beside it, they were second copies
  // (~4 MB of heap), and its Logger was not the one that writes the service's JSON lines
  /^handlebars/,
  /^nodemailer/,
  /^@css-inline\//,
  /^glob$/,
  /^lodash$/,
  // the mailer's optional peers, which the service never asks for
  /^preview-email/,
  /^bullmq/,
  /^@azure\//,
  /^@opentelemetry\/(exporter-prometheus|sdk-metrics)/,
  /^ioredis/,
  /^altcha-lib/,
  // what a webhook delivery is signed and sent with, loaded with the first one
  /^standardwebhooks/,
  /^request-filtering-agent/,
  // sharp and its libvips binary, loaded with the first upload
  /^sharp/,
  /^@img\//,
  // what the site's sitemap, feeds and social cards are made with, loaded with the first of them
  /^sitemap/,
  /^feed$/,
  // what a content document of megabytes is parsed with, loaded with the first import
  /^@streamparser\/json/,
  /^satori/,
  /^piscina/,
  /^jose/,
  /^passport-jwt/,
  /^jsonwebtoken/,
  // the database stack, loaded with DATABASE_URL: one pg for TypeORM and the change listener
  /^typeorm/,
  /^pg(-.+)?$/,
  // packages that find files of their own at run time: pino's worker-thread transports,
  // Swagger UI's assets
  /^pino/,
  /^thread-stream/,
  /^swagger-ui-dist/,
  // packages Nest's own (ES module) packages require at run time, through createRequire, which no
  // bundler can follow: each must be the one copy, or a second copy of class-transformer's metadata
  // storage (say) loses the nested models of every mapped type (PartialType and the like)
  /^class-transformer/,
  /^class-validator/,
  // optional peers that Nest probes for (absent here)
  /^@nestjs\/(microservices|websockets|platform-fastify)/,
  /^@fastify\//,
  /^cache-manager/,
];

/** Rolldown's helper that `require()` of a bundled ES module goes through (its text checked at every build). */
const TO_COMMON_JS =
  'var __toCommonJS = (mod) => __hasOwnProp.call(mod, "module.exports") ? mod["module.exports"] : __copyProps(__defProp({}, "__esModule", { value: true }), mod);';

/**
 * One CommonJS view of each bundled ES module, as Node's `require()` gives: rolldown's helper makes
 * a new one at every call (rolldown/rolldown#9890), copying every export into getters. Nest's
 * packages are ES modules that the compiled code requires from some two hundred files: each start
 * copied @nestjs/common's exports that many times (BENCHMARKS.md, cold start). Kept on one line, so
 * the source map's lines hold.
 */
const oneCommonJsViewPerModule = {
  name: 'one-commonjs-view-per-module',
  renderChunk(code) {
    if (!code.includes('__toCommonJS')) return null;
    if (!code.includes(TO_COMMON_JS))
      throw new Error("rolldown's __toCommonJS helper changed: see oneCommonJsViewPerModule in rolldown.config.mjs");
    return code.replace(
      TO_COMMON_JS,
      'var __commonJsViews = new WeakMap(), __toCommonJS = (mod) => __hasOwnProp.call(mod, "module.exports") ? mod["module.exports"] : __commonJsViews.get(mod) ?? __commonJsViews.set(mod, __copyProps(__defProp({}, "__esModule", { value: true }), mod)).get(mod);',
    );
  },
};

export default {
  input: 'dist/src/bootstrap.js',
  plugins: [oneCommonJsViewPerModule],
  platform: 'node',
  external: (id) => EXTERNAL.some((pattern) => pattern.test(id)),
  // The lazily imported modules (the mailer's) stay lazy inside the one file.
  output: {
    dir: 'dist/src',
    entryFileNames: 'bootstrap.js',
    format: 'cjs',
    codeSplitting: false,
    // main.js runs the bundle as a vm.Script (src/compile-cache.ts), where import() has no loader
    // but an experimental one: an external imported at run time is required (Node's require() of
    // an ES module gives the same namespace).
    dynamicImportInCjs: false,
    // V8 keeps a script's source in memory for as long as it runs, and the offsets of its line
    // ends: ASCII only keeps it a one-byte string (one non-Latin-1 character doubles it), without
    // the JSDoc it is a third smaller, and without whitespace 16% smaller again, on hundreds of
    // lines instead of 112,000 (idle RSS 3.5 MB less, measured). Nothing is renamed or rewritten.
    charset: 'ascii',
    comments: { legal: true, annotation: false, jsdoc: false },
    minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
    minifyInternalExports: false,
  },
};
