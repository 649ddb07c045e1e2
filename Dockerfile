# Multi-stage build on Node.js 24 LTS, the release package.json pins (devDependencies.node) and CI tests on.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# patches/ holds fixes to dependencies not yet released upstream, applied by npm ci's postinstall.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts rolldown.config.mjs ./
COPY src ./src
COPY cv-templates ./cv-templates
# dist/src/bootstrap.js is the service bundled into one file (rolldown.config.mjs); dist/ormconfig.js is the
# data source of the migration CLI; the benchmarks stay out (tsconfig.build.json); production
# dependencies only after.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund
# Node's module compile cache, filled here by one start and stop of the service, so that even a
# container's first start skips compiling what it loads (NODE_COMPILE_CACHE; written at exit), with
# the bundle's own code cache beside it (src/compile-cache.ts; written at the stop).
ENV NODE_COMPILE_CACHE=/app/.compile-cache
RUN PORT=8999 node dist/src/main.js & service=$!; \
  until node -e "fetch('http://127.0.0.1:8999/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; do sleep 0.2; done; \
  kill -TERM "$service" && wait "$service"

FROM node:24.21.0-bookworm-slim
# Chromium renders generated CVs (CHROMIUM_PATH) in fonts for any script an owner writes:
# Liberation (Latin, Greek, Cyrillic, the CV's typeface), DejaVu (Arabic), Noto CJK, Noto Color Emoji.
# jemalloc is Node's memory allocator here (LD_PRELOAD): glibc's malloc keeps what a busy spell
# freed outside V8's heap (~20 MB after a load, measured side by side), jemalloc hands it back
# within seconds, at the same speed (BENCHMARKS.md); its background thread purges on time even
# in a process too idle to allocate. Linked under one name for any architecture.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji \
    libjemalloc2 \
  && ln -s "$(dpkg -L libjemalloc2 | grep '/libjemalloc\.so\.2$')" /usr/local/lib/libjemalloc.so.2 \
  && rm -rf /var/lib/apt/lists/*
# A young generation of 8 MB per semi-space: V8's default grows each to 32 MB under load, which
# cost ~100 MB of RSS after load and measured no throughput (BENCHMARKS.md). jemalloc with one
# arena: sharp's threads each took one of their own and kept what they freed there, ~70 MB more
# while an upload is encoded; reads cost the same CPU either way. No dirty pages kept for reuse:
# what an upload's encoders free goes back at once, not over 10 s (40-60 MB less RSS right after
# a burst), for ~6% more CPU per upload and 6% fewer reads while one is encoded (BENCHMARKS.md).
ENV NODE_ENV=production PORT=8000 CV_DIR=/app/assets/cv CHROMIUM_PATH=/usr/bin/chromium \
  NODE_COMPILE_CACHE=/app/.compile-cache NODE_OPTIONS=--max-semi-space-size=8 \
  LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 MALLOC_CONF=background_thread:true,narenas:1,dirty_decay_ms:0
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build --chown=node /app/.compile-cache ./.compile-cache
COPY assets ./assets
COPY package.json ./
USER node
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Migrations: `docker compose run --rm migrate`, or this image with
#   node node_modules/typeorm/cli.js migration:run -d dist/ormconfig.js
CMD ["node", "dist/src/main.js"]
