import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { AwardsService } from '@/awards/awards.service';
import { type ContentDomain, DEMO_CONTENT } from '@/content';
import { ContentAttribution } from '@/content-store/content-attribution';
import { DATA_SOURCE } from '@/database/data-source.token';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { ReadModel } from '@/read-model/read-model';
import { SkillCategoriesService } from '@/skills/skill-categories.service';
import { ADMIN_TOKEN } from '@test/support/admin';
import { contentWritesOf } from '@test/support/content-writes';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { createTestApp, type TestApp } from '@test/support/test-app';

/** An admin PATCH of each kind, as its route makes it, with the domain it changes; each changes something (`n`: a new value each time). */
const WRITES: [what: string, domain: ContentDomain, patch: (app: INestApplication, n: number) => Promise<unknown>][] = [
  ['a project', 'projects', (app, n) => app.get(ProjectsService).patch(DEMO_CONTENT.projects[1].slug, { status: `Maintained (${n})` })],
  [
    'a skill category',
    'skills',
    (app, n) => app.get(SkillCategoriesService).patchCategory(DEMO_CONTENT.skills[0].id, { title: `Languages (${n})` }),
  ],
  ['an award', 'awards', (app, n) => app.get(AwardsService).patch(DEMO_CONTENT.awards[0].id, { year: String(2000 + n) })],
  ['the profile', 'profile', (app, n) => app.get(ProfileService).patch({ location: `Amsterdam (${n})` })],
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

  const patched = (domain: ContentDomain, patch: (app: INestApplication, n: number) => Promise<unknown>) =>
    contentWritesOf(writer.app)(() => patch(writer.app, (changesMade += 1)), { domains: [domain] });

  it.each(WRITES)('answers a PATCH of %s from its own transaction: one connection, nothing read outside it', async (_, domain, patch) => {
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
      await patched(domain, patch);
    } finally {
      taken.mockRestore();
    }
    expect(sources.filter((source) => source === 'api')).toHaveLength(1);
  });

  it.each(WRITES)('invalidates what a PATCH of %s changed once here, and once on every other instance', async (_, domain, patch) => {
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
      await patched(domain, patch);
      await vi.waitFor(() => expect(seen()).toEqual([2, 1]));
      expect([onWriter.count(), onWitness.count()]).toEqual([1, 1]);
    } finally {
      for (const spy of told.flat()) spy.mockRestore();
      onWriter.stop();
      onWitness.stop();
    }
  });
});
