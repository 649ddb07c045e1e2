import { getMetadataArgsStorage } from 'typeorm';
import { loadEntities } from '@/app.entities';
import { appOnDatabase, type AppOnDatabase } from '@test/support/app-on-database';

/** Not content: never in a content document, and nothing is prepared from them (the history's tables are about content). */
const NOT_CONTENT = new Set([
  'content_drafts',
  'draft_preview_keys',
  'contact_messages',
  'cv_download_events',
  'cv_download_daily_counts',
  'cv_documents',
  'media_items',
  'media_variants',
  'content_changes',
  'content_revisions',
  'content_snapshots',
  'content_snapshot_items',
  'social_cards',
  'webhooks',
  'webhook_deliveries',
  'webhook_event_cursors',
]);

describe('the content tables after every migration', () => {
  let onDatabase: AppOnDatabase;
  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());

  it('each announce their changes (a trigger that NOTIFYs), so no writer can forget to', async () => {
    const entities: unknown[] = await loadEntities();
    const tables = getMetadataArgsStorage()
      .tables.filter((table) => entities.includes(table.target))
      .map((table) => table.name!)
      .filter((name) => !NOT_CONTENT.has(name));
    const triggered = await onDatabase.database.query<{ table: string }>(
      `SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE p.proname = 'notify_content_changed' AND NOT t.tgisinternal`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(7);
    expect(triggered.map((row) => row.table).sort()).toEqual([...tables].sort());
  });
});
