import { Client } from 'pg';
import request from 'supertest';
import { scaledContent } from '@bench/http/growth';
import { PUBLIC_READ_PATHS } from '@bench/http/public-paths';
import { PreparedBody } from '@/read-model/prepared-body';
import { TypedBody } from '@/read-model/typed-body';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { sqlOf } from '@test/support/sql-sent';

const FACTOR = 100;
const READS = 20;
/** Every public list, a detail, and what crawlers read (the feed too): each grows with the content, or names what does. */
const ROUTES = [...PUBLIC_READ_PATHS, '/api/site/feed.json'];

/** The content's tables (and the pictures', which content reads join): what the service's own pollers (drafts, CVs, history) never read. */
const CONTENT_TABLES = /"(projects|work_entries|skill_categories|skills|awards|certifications|profile|media_items|media_variants)"/;

/** How many of the queries sent read the content. */
const contentQueries = (calls: unknown[][]) => calls.filter((call) => CONTENT_TABLES.test(sqlOf(call))).length;

/**
 * What a public read costs once its answer is prepared must not grow with the content: counted,
 * not timed. At 100x the demo content, reading each answer again runs no database query, builds
 * no value, serializes, compresses or hashes nothing: it sends bytes made once.
 */
describe(`a prepared public read at ${FACTOR}x the demo content`, () => {
  let onDatabase: AppOnDatabase;

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ SITE_URL: 'https://mara.example' });
    await request(onDatabase.testApp.server)
      .put('/api/admin/content')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send(scaledContent(FACTOR))
      .expect(200);
    // The history records the import in the background, reading the content: done before anything is counted.
    await onDatabase.historyRecorded();
  }, 60_000);
  afterAll(() => onDatabase.close());

  it('counts what a read that is not prepared yet does (the counters see the work they must not see again)', async () => {
    const queries = vi.spyOn(Client.prototype, 'query');
    const built = vi.spyOn(TypedBody, 'of');
    const prepared = vi.spyOn(PreparedBody, 'of');
    try {
      await request(onDatabase.testApp.server).get('/api/projects/ledger-lens-42').expect(200);
      expect(contentQueries(queries.mock.calls)).toBeGreaterThan(0);
      expect([built.mock.calls.length, prepared.mock.calls.length]).toEqual([1, 1]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it.each(ROUTES)('%s: again and again, no query, no value built, nothing serialized, compressed or hashed', async (path) => {
    const read = () => request(onDatabase.testApp.server).get(path).set('Accept-Encoding', 'br, gzip');
    const first = await read().expect(200);
    const queries = vi.spyOn(Client.prototype, 'query');
    const built = vi.spyOn(TypedBody, 'of');
    const prepared = vi.spyOn(PreparedBody, 'of');
    try {
      for (let n = 0; n < READS; n += 1) {
        const again = await read().expect(200);
        expect(again.headers.etag).toBe(first.headers.etag);
      }
      expect([contentQueries(queries.mock.calls), built.mock.calls.length, prepared.mock.calls.length]).toEqual([0, 0, 0]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
