import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type ContentDomain, DEMO_CONTENT } from '@/content';
import { ContentAttribution } from '@/content-store/content-attribution';
import { DATA_SOURCE } from '@/database/data-source.token';
import { ReadModel } from '@/read-model/read-model';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { createTestApp, type TestApp } from '@test/support/test-app';

/** An admin PATCH of each kind, with the domain it changes; each body changes something (`n`: a new value each time). */
const WRITES: [what: string, domain: ContentDomain, path: string, body: (n: number) => object][] = [
  ['a project', 'projects', `/api/projects/${DEMO_CONTENT.projects[1].slug}`, (n) => ({ status: `Maintained (${n})` })],
  ['a skill category', 'skills', `/api/skills/categories/${DEMO_CONTENT.skills[0].id}`, (n) => ({ title: `Languages (${n})` })],
  ['an award', 'awards', `/api/awards/${DEMO_CONTENT.awards[0].id}`, (n) => ({ year: String(2000 + n) })],
  ['the profile', 'profile', '/api/profile', (n) => ({ location: `Amsterdam (${n})` })],
];
let changesMade = 0;

describe('an admin write, on the instance that makes it', () => {
  let database: TestDatabase;
  let writer: TestApp;
  let witness: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' };
    writer = await createTestApp({ env });
    witness = await createTestApp({ env });
  });
  afterAll(async () => {
    await witness?.close();
    await writer?.close();
    await database?.drop();
  });

  const patch = (path: string, body: (n: number) => object) =>
    request(writer.server)
      .patch(path)
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send(body((changesMade += 1)))
      .expect(200);

  it.each(WRITES)('answers a PATCH of %s from its own transaction: one connection, nothing read outside it', async (_, __, path, body) => {
    const attribution = writer.app.get(ContentAttribution);
    const dataSource = writer.app.get<DataSource>(DATA_SOURCE);
    // Connections taken for the request's writes and reads (a background task's have no attribution).
    const sources: (string | undefined)[] = [];
    const take = dataSource.createQueryRunner.bind(dataSource);
    const taken = vi.spyOn(dataSource, 'createQueryRunner').mockImplementation((...args) => {
      sources.push(attribution.current()?.source);
      return take(...args);
    });
    try {
      await patch(path, body);
    } finally {
      taken.mockRestore();
    }
    expect(sources.filter((source) => source === 'api')).toHaveLength(1);
  });

  it.each(WRITES)('invalidates what a PATCH of %s changed once here, and once on every other instance', async (_, domain, path, body) => {
    const changes = (app: TestApp) => {
      const seen: ContentDomain[] = [];
      const subscription = app.app.get(ReadModel).changes.subscribe((changed) => seen.push(changed));
      return { count: () => seen.filter((changed) => changed === domain).length, stop: () => subscription.unsubscribe() };
    };
    // The write and the database's announcement of it reach the writer (in either order), and the announcement the witness.
    const told = [writer, witness].map((app) => {
      const readModel = app.app.get(ReadModel);
      return [vi.spyOn(readModel, 'invalidate'), vi.spyOn(readModel, 'announced')];
    });
    const seen = () => told.map((spies) => spies.flatMap((spy) => spy.mock.calls).filter(([of, write]) => of === domain && write).length);
    const [onWriter, onWitness] = [changes(writer), changes(witness)];
    try {
      await patch(path, body);
      await vi.waitFor(() => expect(seen()).toEqual([2, 1]));
      expect([onWriter.count(), onWitness.count()]).toEqual([1, 1]);
    } finally {
      for (const spy of told.flat()) spy.mockRestore();
      onWriter.stop();
      onWitness.stop();
    }
  });
});
