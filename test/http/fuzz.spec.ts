import fc from 'fast-check';
import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppWithPeers, createAppWithPeers } from '@test/support/app-with-peers';
import type { TestDatabase } from '@test/support/database';
import { type FuzzRequest, type OpenApiDocument, requestsFromDescription } from '@test/support/fuzz/openapi-requests';
import { createTestApp, type TestApp } from '@test/support/test-app';

/** CI runs a fixed seed; `npm run test:fuzz` runs longer with a fresh one (FUZZ_RUNS, FUZZ_SEED). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_500);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20_261_123);

/** One digest of every table: a 4xx must leave it as it was. */
async function databaseDigest(database: TestDatabase): Promise<string> {
  // A published CV is rendered again, the content history recorded and webhooks told, in the background after content
  // changes: by design, not by the request at hand (and a change to content is seen in the content tables themselves).
  const tables = await database.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT IN ('cv_documents', 'webhook_deliveries', 'webhook_event_cursors') AND table_name NOT LIKE 'content\\_%' ORDER BY table_name",
  );
  const digests = tables.map(
    ({ name }) => `SELECT '${name}:' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') AS part FROM "${name}" t`,
  );
  const rows = await database.query<{ part: string }>(digests.join(' UNION ALL '));
  return rows.map((row) => row.part).join(',');
}

function describeRequest(sent: FuzzRequest): string {
  const query = new URLSearchParams(sent.query).toString();
  return `${sent.method.toUpperCase()} ${sent.path}${query ? `?${query}` : ''} (${sent.authorization?.slice(0, 20) ?? 'no credential'})`;
}

interface FuzzRules {
  /** A digest of the state that every 4xx must leave as it was. */
  unchanged?: () => Promise<string>;
  /** The 5xx the mode answers by design: 503 for every write without a database. */
  expected5xx?: number[];
}

/** Sends `runs` requests generated from the app's own description: none may be an unexpected 5xx or break the description. */
async function fuzz(testApp: TestApp, runs: number, { unchanged, expected5xx = [] }: FuzzRules = {}): Promise<void> {
  const document = (await request(testApp.server).get('/openapi.json')).body as OpenApiDocument;
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requestsFromDescription(document, ADMIN_TOKEN), async (sent) => {
      const before = await unchanged?.();
      let call = request(testApp.server)[sent.method as 'get'](sent.path).query(sent.query);
      if (sent.authorization) call = call.set('Authorization', sent.authorization);
      // Sent as JSON text, so numbers, strings and null go out as they are.
      const response = await (sent.body === undefined
        ? call
        : call.set('Content-Type', 'application/json').send(JSON.stringify(sent.body)));
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);

      if (!expected5xx.includes(response.status)) expect(response.status, describeRequest(sent)).toBeLessThan(500);
      expect(testApp.contractViolations(), describeRequest(sent)).toEqual([]);
      if (unchanged && response.status >= 400)
        expect(await unchanged(), `${describeRequest(sent)} answered ${response.status}`).toBe(before);
    }),
    { numRuns: runs, seed: SEED, endOnFailure: true },
  );
  // The generated requests reach the services, not only the validators.
  expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  expect([...statuses.keys()].some((status) => status === 422)).toBe(true);
}

describe('fuzzing every operation of the description, with a database', () => {
  let peers: AppWithPeers;

  beforeAll(async () => {
    peers = await createAppWithPeers();
  });
  afterAll(() => peers.close());

  it(`answers ${RUNS} generated requests without a 5xx, as described, changing nothing on a 4xx`, async () => {
    await fuzz(peers.testApp, RUNS, { unchanged: () => databaseDigest(peers.database) });
  }, 600_000);
});

describe('fuzzing every operation of the description, without a database', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { DATABASE_URL: undefined, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  it(`answers ${RUNS / 5} generated requests without a 5xx but the 503 of a write, as described`, async () => {
    await fuzz(testApp, RUNS / 5, { expected5xx: [503] });
  }, 600_000);
});
