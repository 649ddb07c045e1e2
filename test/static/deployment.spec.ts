import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { assertValidConfiguration } from '@/config';
import { sharedCacheConfig } from '@/config/shared-cache.config';
import { ROOT } from '@test/support/paths';

/**
 * No Docker engine runs here, so the deployment files are checked against what the app
 * validates and the README documents: the services, their ports, and every variable the api
 * is given.
 */
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    {
      ports?: string[];
      environment?: Record<string, string>;
      depends_on?: Record<string, { condition: string }>;
      command?: string[];
      stop_grace_period?: string;
      image?: string;
      profiles?: string[];
      env_file?: { path: string; required: boolean }[];
      healthcheck?: { test: string[] };
    }
  >;
};
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** The configuration reference: a table row per variable (or per group of variables), with its default. */
const configuration = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** A variable compose must be given (`${NAME:?message}`): it has no default to fall back on. */
const REQUIRED = /^\$\{([A-Z_]+):\?[^}]+\}$/;
/** A value as docker compose substitutes it: `${NAME:-default}` with NAME unset, a required one as `given`. */
const substituted = (value: string, given: string) =>
  REQUIRED.test(String(value)) ? given : String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
const GIVEN_TOKEN = 'a-token-of-the-recommended-length-from-openssl';
const apiEnv = Object.fromEntries(
  Object.entries(compose.services.api.environment ?? {}).map(([key, value]) => [key, substituted(value, GIVEN_TOKEN)]),
);

describe('docker-compose.yml', () => {
  it('runs the api with PostgreSQL, Redis, a mail catcher and a migration step, and Azurite and Varnish behind profiles', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'azurite', 'mailpit', 'migrate', 'postgres', 'redis', 'varnish']);
    expect(compose.services.azurite.profiles).toEqual(['azure-blob']);
    expect(compose.services.varnish.profiles).toEqual(['varnish']);
    expect(compose.services.varnish.ports).toEqual(['127.0.0.1:8080:80']);
    expect(apiEnv.AZURE_STORAGE_CONNECTION_STRING).toContain('BlobEndpoint=http://azurite:10000/devstoreaccount1;');
    expect(compose.services.api.ports).toEqual(['127.0.0.1:8000:8000']);
    expect(compose.services.mailpit.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('publishes no database or Redis port, and no port beyond this machine', () => {
    expect(compose.services.postgres.ports).toBeUndefined();
    expect(compose.services.redis.ports).toBeUndefined();
    const published = Object.values(compose.services).flatMap((service) => service.ports ?? []);
    expect(published.filter((port) => !port.startsWith('127.0.0.1:'))).toEqual([]);
  });

  it('pins every image it pulls to a version', () => {
    const images = Object.values(compose.services).flatMap((service) => (service.image ? [service.image] : []));
    expect(images).toHaveLength(4);
    for (const image of images) expect(image).toMatch(/:v?\d+\.\d+(\.\d+)?(-[a-z]+)?$/);
  });

  it('gives the api the time its shutdown takes (25 s for requests, 10 s for the hooks) before Docker kills it', () => {
    expect(compose.services.api.stop_grace_period).toBe('35s');
  });

  it('has no default admin token: compose refuses to start without one', () => {
    expect(compose.services.api.environment?.API_ADMIN_TOKEN).toMatch(REQUIRED);
    expect(compose.services.api.environment?.API_ADMIN_TOKEN).toContain('openssl rand -base64 32');
  });

  it('gives the api only variables the configuration reference documents, with values the app accepts', () => {
    const documented = new Set([...configuration.matchAll(/^\| `([A-Z_`, ]+)` \|/gm)].flatMap((match) => match[1].split(/`?,\s*`?/)));
    expect(Object.keys(apiEnv).filter((key) => !documented.has(key))).toEqual([]);
    const saved = { ...process.env };
    try {
      Object.assign(process.env, apiEnv);
      expect(() => assertValidConfiguration()).not.toThrow();
    } finally {
      process.env = saved;
    }
  });

  it('points the api at the services it runs, on their ports', () => {
    expect(new URL(apiEnv.DATABASE_URL)).toMatchObject({ hostname: 'postgres', port: '5432' });
    expect(new URL(apiEnv.REDIS_URL)).toMatchObject({ hostname: 'redis', port: '6379' });
    expect(apiEnv).toMatchObject({ SMTP_HOST: 'mailpit', SMTP_PORT: '1025' });
    expect(compose.services.migrate.environment?.DATABASE_URL).toBe(apiEnv.DATABASE_URL);
  });

  it('hands .env to the api, and lets it override the defaults compose writes, but not the stack’s own addresses', () => {
    expect(compose.services.api.env_file).toEqual([{ path: '.env', required: false }]);
    const overridable = Object.entries(compose.services.api.environment ?? {}).filter(([, value]) => /^\$\{[A-Z_]+:-/.test(value));
    expect(overridable.map(([name]) => name).sort()).toEqual([
      'APP_ENV',
      'AZURE_STORAGE_CONNECTION_STRING',
      'CDN_PURGE',
      'CDN_PURGE_TOKEN',
      'CDN_PURGE_URL',
      'CONTACT_RECIPIENT',
      'MAIL_FROM',
      'MEDIA_STORAGE',
      'SMTP_HOST',
      'SMTP_PORT',
      'TRUST_PROXY',
    ]);
    for (const fixed of ['DATABASE_URL', 'REDIS_URL', 'DB_MIGRATIONS_RUN'])
      expect(compose.services.api.environment?.[fixed]).not.toContain('${');
    expect(compose.services.api.environment?.API_ADMIN_TOKEN).toContain('scripts/compose-env.sh');
  });

  it('has the varnish profile purge as its command line says: the api purges Varnish with the token Varnish takes', () => {
    const command = /^#\s+(CDN_PURGE=varnish .*) docker compose --profile varnish up --build$/m.exec(
      readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'),
    );
    const shell: Record<string, string> = {
      ...Object.fromEntries(command![1].split(' ').map((assignment) => assignment.split('=') as [string, string])),
      CDN_PURGE_TOKEN: 'a-purge-token-compose-env-wrote-to-the-env',
    };
    const withShell = (environment: Record<string, string> = {}) =>
      Object.fromEntries(
        Object.entries(environment).map(([key, value]) => [
          key,
          String(value).replace(
            /\$\{([A-Z_]+):[-?]([^}]*)\}/g,
            (_, name: string, fallback: string) => shell[name] ?? (REQUIRED.test(value) ? GIVEN_TOKEN : fallback),
          ),
        ]),
      );
    const api = withShell(compose.services.api.environment);
    const saved = { ...process.env };
    try {
      Object.assign(process.env, api);
      expect(() => assertValidConfiguration()).not.toThrow();
      expect(sharedCacheConfig().purge).toEqual({ kind: 'varnish', url: 'http://varnish/', token: shell.CDN_PURGE_TOKEN });
    } finally {
      process.env = saved;
    }
    expect(withShell(compose.services.varnish.environment)).toEqual({
      VARNISH_BACKENDS: 'api:8000',
      CDN_PURGE_TOKEN: shell.CDN_PURGE_TOKEN,
    });
    expect(readFileSync(join(ROOT, 'deploy', 'varnish', 'Dockerfile'), 'utf8')).toContain(
      'write-backends.sh /etc/varnish/backends.vcl $VARNISH_BACKENDS && exec varnishd',
    );
  });

  it('calls PostgreSQL ready only once it takes connections over TCP (not the init server on the socket)', () => {
    expect(compose.services.postgres.healthcheck?.test.join(' ')).toMatch(/pg_isready -h 127\.0\.0\.1 -p 5432 -U portfolio -d portfolio/);
  });

  it('migrates before the api serves, and the api does not migrate again', () => {
    expect(compose.services.migrate.command).toEqual(['node', 'node_modules/typeorm/cli.js', 'migration:run', '-d', 'dist/ormconfig.js']);
    expect(compose.services.migrate.depends_on?.postgres.condition).toBe('service_healthy');
    expect(compose.services.api.depends_on?.migrate.condition).toBe('service_completed_successfully');
    expect(apiEnv.DB_MIGRATIONS_RUN).toBe('false');
  });
});

describe('scripts/compose-env.sh', () => {
  it('makes .env once from .env.example with a fresh admin token, keeps it on later runs, and prints it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'compose-env-'));
    try {
      mkdirSync(join(folder, 'scripts'));
      copyFileSync(join(ROOT, 'scripts/compose-env.sh'), join(folder, 'scripts/compose-env.sh'));
      copyFileSync(join(ROOT, '.env.example'), join(folder, '.env.example'));
      const run = () => execFileSync('bash', [join(folder, 'scripts/compose-env.sh')], { encoding: 'utf8' });
      const printed = run();
      const token = /^API_ADMIN_TOKEN=(.+)$/m.exec(readFileSync(join(folder, '.env'), 'utf8'))![1];
      expect(token).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(printed).toContain(token);
      expect(run()).toContain(token);
      expect(readFileSync(join(folder, '.env'), 'utf8').match(/^API_ADMIN_TOKEN=/gm)).toHaveLength(1);
      const purgeToken = /^CDN_PURGE_TOKEN=(.+)$/m.exec(readFileSync(join(folder, '.env'), 'utf8'))![1];
      expect([purgeToken, purgeToken === token]).toEqual([expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/), false]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  it('builds on a slim Node.js image (the pinned release: runtime spec) and runs as a non-root user with a health check', () => {
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual([
      expect.stringMatching(/-bookworm-slim$/),
      expect.stringMatching(/-bookworm-slim$/),
    ]);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
  });

  const jemallocSettings = /^\s+LD_PRELOAD=\/usr\/local\/lib\/libjemalloc\.so\.2 MALLOC_CONF=(\S+)$/m.exec(dockerfile)?.[1];

  it('runs Node on jemalloc, which hands back what a busy spell freed (glibc keeps it), linked under one name on any architecture', () => {
    expect(dockerfile).toMatch(/apt-get install [^\n]*\\\n\s+libjemalloc2/);
    expect(dockerfile).toMatch(/ln -s "\$\(dpkg -L libjemalloc2 \| grep [^)]+\)" \/usr\/local\/lib\/libjemalloc\.so\.2/);
    // One arena: each of sharp's threads kept what it freed in an arena of its own.
    expect(jemallocSettings?.split(',')).toEqual(['background_thread:true', 'narenas:1', 'dirty_decay_ms:0']);
  });

  it('is the allocator, with the same settings, that the e2e suite and the benchmarks run the service on', () => {
    expect(readFileSync(join(ROOT, '.ci', 'e2e'), 'utf8')).toContain(`grep '/libjemalloc\\.so\\.2$') MALLOC_CONF=${jemallocSettings} `);
    expect(readFileSync(join(ROOT, 'bench', 'http', 'processes.ts'), 'utf8')).toContain(`JEMALLOC_CONF = '${jemallocSettings}'`);
  });

  it("applies patches/ to the dependencies it installs, as npm ci's postinstall does here", () => {
    expect(packageJson.scripts.postinstall).toBe('patch-package');
    expect(dockerfile).toMatch(/^COPY patches \.\/patches\nRUN npm ci /m);
  });

  it('leaves the benchmarks out of the production build and image', () => {
    const build = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
    expect(build.include).not.toContain('bench');
    expect(dockerfile).not.toMatch(/^COPY .*bench/m);
  });

  it('ships production dependencies only, Chromium, and the compiled data source the migration CLI needs', () => {
    expect(dockerfile).toContain('npm prune --omit=dev');
    expect(dockerfile).toMatch(/apt-get install .*chromium/);
    expect(dockerfile).toMatch(/^COPY .*ormconfig\.ts/m);
  });
});

describe('logs for people and for machines', () => {
  it('are readable lines in development (pino-pretty, a dev dependency) and JSON in production', () => {
    expect(packageJson.scripts['start:dev']).toMatch(/\| pino-pretty$/);
    expect(packageJson.devDependencies['pino-pretty']).toBeDefined();
    expect(packageJson.dependencies['pino-pretty']).toBeUndefined();
    for (const script of ['start', 'start:prod']) expect(packageJson.scripts[script]).not.toContain('pino-pretty');
    expect(dockerfile).not.toContain('pino-pretty');
  });

  it('name the context, the event and a request in one short line', async () => {
    const { prettyFactory } = await import('pino-pretty');
    const options = JSON.parse(readFileSync(join(ROOT, '.pino-prettyrc'), 'utf8')) as Record<string, unknown>;
    const pretty = prettyFactory({ ...options, colorize: false });
    const request = {
      level: 30,
      time: 0,
      req: { method: 'GET', path: '/api/projects' },
      res: { status: 200 },
      durationMs: 1.2,
      msg: 'request completed',
    };
    expect(pretty(request)).toMatch(/INFO: GET \/api\/projects 200 1\.2 ms request completed\n$/);
    expect(pretty({ level: 30, time: 0, context: 'Service', event: 'listening', url: 'http://localhost:8000' })).toMatch(
      /INFO: \[Service\] listening +\{"url":"http:\/\/localhost:8000"\}\n$/,
    );
  });
});

describe('.env.example', () => {
  /** The configuration reference's table: each variable and its default as written there. */
  const documented = new Map(
    [...configuration.matchAll(/^\| `([A-Z_`, ]+)` \| ([^|]+) \|/gm)].flatMap((match) =>
      match[1].split(/`?,\s*`?/).map((name) => [name, match[2].trim()] as const),
    ),
  );
  const lines = [...readFileSync(join(ROOT, '.env.example'), 'utf8').matchAll(/^(# )?([A-Z][A-Z_]+)=(.*)$/gm)];

  it('lists every variable the configuration reference documents, and no other', () => {
    expect(lines.map((line) => line[2]).sort()).toEqual([...documented.keys()].sort());
  });

  it('gives each set variable its documented default, and leaves the others commented', () => {
    for (const [, commented, name, value] of lines) {
      const fallback = documented.get(name)!;
      // Unset by default, or falling back to another variable (CONTACT_RECIPIENT: MAIL_FROM).
      if (commented) expect([name, fallback]).toEqual([name, expect.stringMatching(/^(unset|`[A-Z_]+`)$/)]);
      else expect([name, value]).toEqual([name, fallback === 'empty' ? '' : fallback.replace(/^`|`$/g, '')]);
    }
  });

  it('holds values the service accepts', () => {
    const saved = { ...process.env };
    try {
      for (const [, commented, name, value] of lines) if (!commented) process.env[name] = value;
      expect(() => assertValidConfiguration()).not.toThrow();
    } finally {
      process.env = saved;
    }
  });
});
