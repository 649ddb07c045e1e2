import { CONTENT_CHANNEL, ContentChangesListener } from '@/read-model/content-changes.listener';
import { DatabaseAnnouncements } from '@/read-model/database-announcements';
import { ReadModel } from '@/read-model/read-model';
import { SharedCaching } from '@/read-model/shared-caching';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { TcpProxy } from '@bench/http/tcp-proxy';

/** Audit, round three: a listener whose connection went half-open would have left its instance stale for good. */
describe('the content listener on a connection that goes silent', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let listener: ContentChangesListener;
  let readModel: ReadModel;
  const announcements = new DatabaseAnnouncements();
  const hidden: string[] = [];
  let missed = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(database.url).port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    readModel = new ReadModel({ readModelMaxBytes: 1024 * 1024 }, new SharedCaching({ purge: undefined, maxAgeSeconds: 300 }));
    announcements.on('media_hidden').subscribe((id) => hidden.push(id));
    announcements.missed.subscribe(() => (missed += 1));
    listener = new ContentChangesListener(
      readModel,
      announcements,
      { url: throughProxy.toString() },
      { everyMs: 200, answerWithinMs: 300 },
    );
    await listener.onApplicationBootstrap();
  });
  afterAll(async () => {
    await listener.onApplicationShutdown();
    await proxy.cut();
    await database.drop();
  });

  it('finds out by its check, connects again, rebuilds the read model, tells what it may have missed, and hears changes again', async () => {
    const announced = vi.spyOn(readModel, 'announced');
    // What the content tables' triggers send on a change.
    await database.query(`SELECT pg_notify($1, 'awards')`, [CONTENT_CHANNEL]);
    await vi.waitFor(() => expect(announced).toHaveBeenCalledWith('awards', undefined), { timeout: 2_000 });
    // A write of the service is announced with its id, which tells its own instance the echo.
    await database.query(`SELECT pg_notify($1, 'projects:2c0e…-write')`, [CONTENT_CHANNEL]);
    await vi.waitFor(() => expect(announced).toHaveBeenCalledWith('projects', '2c0e…-write'), { timeout: 2_000 });
    // Another channel asked for before start-up: its payloads go to whoever asked.
    await database.query(`SELECT pg_notify('media_hidden', '0123abcd')`);
    await vi.waitFor(() => expect(hidden).toEqual(['0123abcd']), { timeout: 2_000 });

    const rebuilt = vi.spyOn(readModel, 'announcedAll');
    proxy.stall();
    await vi.waitFor(() => expect(rebuilt).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(missed).toBe(1);

    announced.mockClear();
    await database.query(`SELECT pg_notify($1, 'skills')`, [CONTENT_CHANNEL]);
    await vi.waitFor(() => expect(announced).toHaveBeenCalledWith('skills', undefined), { timeout: 2_000 });
    await database.query(`SELECT pg_notify('media_hidden', '4567ef01')`);
    await vi.waitFor(() => expect(hidden).toEqual(['0123abcd', '4567ef01']), { timeout: 2_000 });
  });
});
