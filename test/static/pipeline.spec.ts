import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '@test/support/paths';

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Workflow {
  jobs: Record<string, { env?: Record<string, string>; services?: Record<string, { image: string }>; steps: Step[] }>;
}
interface Compose {
  services: Record<string, { ports?: string[]; image?: string; environment?: Record<string, string> }>;
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const workflow = parse(read('.github/workflows/ci.yml')) as Workflow;
const compose = parse(read('docker-compose.yml')) as Compose;
const runs = (job: string) => workflow.jobs[job].steps.flatMap((step) => (step.run ? [step.run] : []));
/** The host port compose publishes a service's container port on. */
const published = (service: string) => compose.services[service].ports![0].split(':')[1];

/**
 * No Docker engine runs on these machines, so the pipeline definition is held to the files it
 * starts: the services and their ports, the token compose demands, the health check, and a
 * black-box suite that knows the stack only by HTTP.
 */
describe('the CI pipeline (.github/workflows/ci.yml)', () => {
  it('lints, builds and runs npm test on the Node of .nvmrc, with PostgreSQL and Redis as compose runs them', () => {
    expect(runs('test')).toEqual(expect.arrayContaining(['npm ci', 'npm run lint', 'npm run build', 'npm test']));
    expect(workflow.jobs.test.steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.['node-version-file']).toBe(
      '.nvmrc',
    );
    expect(workflow.jobs.test.services!.postgres.image).toBe(compose.services.postgres.image);
    expect(workflow.jobs.test.services!.redis.image).toBe(compose.services.redis.image);
  });

  it('starts the compose stack, Varnish in front, with generated tokens, waits for health, runs the e2e suite, shows the logs on failure and tears down', () => {
    const steps = runs('e2e').join('\n');
    expect(steps).toContain('openssl rand -base64 32');
    expect(steps).toMatch(/API_ADMIN_TOKEN=\$token[\s\S]*E2E_ADMIN_TOKEN=\$token[\s\S]*CDN_PURGE_TOKEN=\$purge/);
    expect(compose.services.api.environment!.API_ADMIN_TOKEN).toMatch(/^\$\{API_ADMIN_TOKEN:\?/);
    const order = [
      'docker compose --profile varnish up --build',
      '/api/health',
      'npm run test:e2e',
      'docker compose logs',
      'docker compose down',
    ];
    expect(order.map((command) => steps.indexOf(command))).toEqual(
      [...order.map((command) => steps.indexOf(command))].sort((a, b) => a - b),
    );
    expect(order.every((command) => steps.includes(command))).toBe(true);
    const conditions = Object.fromEntries(
      workflow.jobs.e2e.steps.filter((step) => step.run).map((step) => [step.run!.split(' ').slice(0, 3).join(' '), step.if]),
    );
    expect([conditions['docker compose logs'], conditions['docker compose down']]).toEqual(['failure()', 'always()']);
  });

  it('points the suite at the ports compose publishes: the api and the mail sink', () => {
    const { E2E_BASE_URL, E2E_MAIL_SINK_URL } = workflow.jobs.e2e.env!;
    expect(new URL(E2E_BASE_URL).port).toBe(published('api'));
    expect(new URL(E2E_MAIL_SINK_URL).port).toBe(published('mailpit'));
  });

  it('waits for readiness (every dependency answering) on the port the image listens on and compose publishes', () => {
    expect(read('Dockerfile')).toMatch(/process\.env\.PORT \|\| 8000\) \+ '\/health'/);
    expect(compose.services.api.ports![0].split(':').pop()).toBe('8000');
    expect(runs('e2e').join('\n')).toContain('curl -fs "$E2E_BASE_URL/api/health" | grep -q \'"status":"healthy"\'');
  });

  it('documents every E2E_ variable the suite reads in .env.example', () => {
    const read_ = readdirSync(join(ROOT, 'test/e2e')).flatMap((file) => [
      ...read(`test/e2e/${file}`).matchAll(/process\.env\.(E2E_[A-Z_]+)|required\('(E2E_[A-Z_]+)'\)/g),
    ]);
    const names = new Set(read_.map((match) => match[1] ?? match[2]));
    const example = read('.env.example');
    expect(names.size).toBeGreaterThanOrEqual(4);
    for (const name of names) expect(example).toContain(name);
  });
});

describe('the e2e suite (test/e2e)', () => {
  it('speaks only HTTP to the stack: nothing of the service is imported', () => {
    for (const file of readdirSync(join(ROOT, 'test/e2e'))) {
      const imports = [...read(`test/e2e/${file}`).matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect([file, imports.filter((path) => !path.startsWith('./') && !path.startsWith('node:'))]).toEqual([file, []]);
    }
  });

  it('runs the suite through Varnish too, purged as compose purges it', () => {
    const through = workflow.jobs.e2e.steps.find((step) => step.env?.E2E_BASE_URL);
    expect([through?.run, new URL(through!.env!.E2E_BASE_URL).port]).toEqual(['npm run test:e2e', published('varnish')]);
    const start = workflow.jobs.e2e.steps.find((step) => step.run?.startsWith('docker compose --profile varnish up'));
    expect(start?.env).toMatchObject({ CDN_PURGE: 'varnish', CDN_PURGE_URL: 'http://varnish/' });
  });

  it('runs in .ci/run against the built service started as processes: one instance twice, then Varnish in front of two', () => {
    expect(read('.ci/run')).toMatch(/npm test\nbash \.ci\/e2e/);
    const e2e = read('.ci/e2e');
    expect(e2e).toMatch(/\{ npm run test:e2e && npm run test:e2e; \} \|\| failed "one instance"/);
    expect(e2e).toContain('deploy/varnish/write-backends.sh "$LOGS/backends.vcl" "127.0.0.1:$PORT" "127.0.0.1:$SECOND_PORT"');
    expect(e2e).toMatch(/E2E_BASE_URL="http:\/\/127\.0\.0\.1:\$VARNISH_PORT"\nnpm run test:e2e \|\| failed/);
  });
});
