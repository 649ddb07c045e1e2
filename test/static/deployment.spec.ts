import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { assertValidConfiguration } from '@/config';
import { ROOT } from '@test/support/paths';

/**
 * No Docker engine runs here, so the deployment files are checked against what the app
 * validates and the README documents: the services, their ports, and every variable the api
 * is given.
 */
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    { ports?: string[]; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; command?: string[] }
  >;
};
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** `${NAME:-default}` as docker compose substitutes it with NAME unset. */
const substituted = (value: string) => String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
const apiEnv = Object.fromEntries(Object.entries(compose.services.api.environment ?? {}).map(([key, value]) => [key, substituted(value)]));

describe('docker-compose.yml', () => {
  it('runs the api with PostgreSQL, Redis, a mail catcher and a migration step', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'mailpit', 'migrate', 'postgres', 'redis']);
    expect(compose.services.api.ports).toContain('8000:8000');
    expect(compose.services.mailpit.ports).toContain('8025:8025');
  });

  it('gives the api only variables the README documents, with values the app accepts', () => {
    const documented = new Set([...readme.matchAll(/^\| `([A-Z_`, ]+)` \|/gm)].flatMap((match) => match[1].split(/`?,\s*`?/)));
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

  it('migrates before the api serves, and the api does not migrate again', () => {
    expect(compose.services.migrate.command).toEqual(['node', 'node_modules/typeorm/cli.js', 'migration:run', '-d', 'dist/ormconfig.js']);
    expect(compose.services.migrate.depends_on?.postgres.condition).toBe('service_healthy');
    expect(compose.services.api.depends_on?.migrate.condition).toBe('service_completed_successfully');
    expect(apiEnv.DB_MIGRATIONS_RUN).toBe('false');
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

  it('ships production dependencies only, Chromium, and the compiled data source the migration CLI needs', () => {
    expect(dockerfile).toContain('npm prune --omit=dev');
    expect(dockerfile).toMatch(/apt-get install .*chromium/);
    expect(dockerfile).toMatch(/^COPY .*ormconfig\.ts/m);
  });
});
