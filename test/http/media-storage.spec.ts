import sharp from 'sharp';
import request from 'supertest';
import { TcpProxy } from '@bench/http/tcp-proxy';
import { MediaLibrary } from '@/media/media-library.service';
import { MediaRetention } from '@/media/media-retention.service';
import { DatabaseAnnouncements, MEDIA_HIDDEN_CHANNEL } from '@/read-model/database-announcements';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { LocalAzurite } from '@test/support/azurite';

interface MediaItem {
  id: string;
  url: string;
  variants: { url: string }[];
}
interface Revision {
  id: number;
}

/** A picture of one colour: each colour is another picture. */
const squareOf = (background: string) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background } })
    .jpeg()
    .toBuffer();

function adminOf(onDatabase: () => AppOnDatabase) {
  const as = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
  const http = () => request(onDatabase().testApp.server);
  return {
    http,
    upload: async (background: string) =>
      (
        await as(http().post('/api/admin/media'))
          .set('Content-Type', 'image/jpeg')
          .send(await squareOf(background))
          .expect(201)
      ).body as MediaItem,
    listed: async () => ((await as(http().get('/api/admin/media?limit=100')).expect(200)).body as MediaItem[]).map((item) => item.id),
    setImage: (image: string) => as(http().patch('/api/projects/tidewatch')).send({ image }).expect(200),
    remove: (id: string) => as(http().delete(`/api/admin/media/${id}`)),
    rowsOf: async (id: string) =>
      Number((await onDatabase().database.query<{ n: string }>('SELECT count(*) AS n FROM media_items WHERE id = $1', [id]))[0].n),
    /** The newest revision once the recorder has made one after `after`. */
    nextRevision: (after?: number) =>
      vi.waitFor(
        async () => {
          const [latest] = (await as(http().get('/api/admin/content/revisions?limit=1')).expect(200)).body as Revision[];
          if (!latest || latest.id === after) throw new Error(`no revision after ${after}`);
          return latest.id;
        },
        { timeout: 5_000, interval: 50 },
      ),
    restore: (revision: number) => as(http().post(`/api/admin/content/revisions/${revision}/restore`)).expect(200),
  };
}

describe('media kept by the content history', () => {
  let onDatabase: AppOnDatabase;
  const admin = adminOf(() => onDatabase);

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ CONTENT_HISTORY_LIMIT: '3' });
  });
  afterAll(() => onDatabase.close());

  it('deletes a picture no revision ever named at once, bytes and all', async () => {
    const unused = await admin.upload('#aa3300');
    await admin.remove(unused.id).expect(204);
    expect(await admin.rowsOf(unused.id)).toBe(0);
  });

  it('hides a deleted picture a revision names, brings it back with a restore of that revision, and lets it go once no kept revision names it', async () => {
    const picture = await admin.upload('#0033aa');
    const seeded = await admin.nextRevision();
    await admin.setImage(picture.url);
    const naming = await admin.nextRevision(seeded);
    await admin.setImage('');
    const cleared = await admin.nextRevision(naming);

    await admin.remove(picture.id).expect(204);
    expect(await admin.listed()).not.toContain(picture.id);
    await admin.http().get(picture.variants[0].url).expect(404);
    expect(await admin.rowsOf(picture.id)).toBe(1);

    await admin.restore(naming);
    const restored = await admin.nextRevision(cleared);
    expect(await admin.listed()).toContain(picture.id);
    await admin.http().get(picture.variants[0].url).expect(200);
    expect((await admin.http().get('/api/projects/tidewatch').expect(200)).body.imageSet.fallback).toBe(`${picture.url}/400.jpg`);

    // Deleted again; then three more revisions push every one that named it out of the history.
    await admin.setImage('');
    let latest = await admin.nextRevision(restored);
    await admin.remove(picture.id).expect(204);
    for (const title of ['Tidewatch 2', 'Tidewatch 3', 'Tidewatch 4']) {
      await request(onDatabase.testApp.server)
        .patch('/api/projects/tidewatch')
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .send({ title })
        .expect(200);
      latest = await admin.nextRevision(latest);
    }
    expect(await admin.rowsOf(picture.id)).toBe(1);
    expect(await onDatabase.testApp.app.get(MediaRetention).sweep()).toBe(1);
    expect(await admin.rowsOf(picture.id)).toBe(0);
  });
});

describe('media in Azure Blob Storage (Azurite)', () => {
  let azurite: LocalAzurite;
  let onDatabase: AppOnDatabase;
  const admin = adminOf(() => onDatabase);

  beforeAll(async () => {
    azurite = await LocalAzurite.start();
    onDatabase = await appOnDatabase({
      MEDIA_STORAGE: 'azure-blob',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      MEDIA_CONTAINER: 'portfolio-media',
      MEDIA_CACHE_MAX_BYTES: '0',
    });
  });
  afterAll(async () => {
    await onDatabase.close();
    await azurite.stop();
  });

  it('keeps the bytes as blobs named by content, the rows without them, and serves them from there', async () => {
    const picture = await admin.upload('#116644');
    expect((await azurite.blobNames('portfolio-media')).sort()).toEqual(
      ['320.avif', '320.webp', '400.avif', '400.jpg', '400.webp'].map((name) => `${picture.id}/${name}`),
    );
    const inRows = await onDatabase.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM media_variants WHERE media_id = $1 AND body IS NOT NULL',
      [picture.id],
    );
    expect(Number(inRows[0].n)).toBe(0);
    const served = await admin.http().get(`${picture.url}/400.jpg`).buffer(true).expect(200);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(400);
    await admin.http().get(`${picture.url}?w=300`).set('Accept', 'image/webp').expect('Content-Type', 'image/webp').expect(200);
  });

  it('adds the fallback sizes of a picture kept from before them as blobs too', async () => {
    const wide = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#224466' } })
      .jpeg()
      .toBuffer();
    const picture = (
      await admin
        .http()
        .post('/api/admin/media')
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .set('Content-Type', 'image/jpeg')
        .send(wide)
        .expect(201)
    ).body as MediaItem;
    await onDatabase.database.query(`DELETE FROM media_variants WHERE media_id = $1 AND name IN ('1200.jpg', '1920.jpg')`, [picture.id]);
    await azurite.deleteBlobs('portfolio-media', [`${picture.id}/1200.jpg`, `${picture.id}/1920.jpg`]);
    expect(await onDatabase.testApp.app.get(MediaLibrary).addFallbackSizes(picture.id)).toBe(true);
    expect((await azurite.blobNames('portfolio-media')).filter((name) => name.endsWith('.jpg') && name.startsWith(picture.id))).toEqual(
      ['1200.jpg', '1920.jpg', '2000.jpg'].map((name) => `${picture.id}/${name}`),
    );
    const served = await admin.http().get(`${picture.url}/1200.jpg`).buffer(true).expect(200);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(1200);
    expect(await onDatabase.testApp.app.get(MediaLibrary).addFallbackSizes(picture.id)).toBe(false);
  });

  it('deletes the blobs with the picture', async () => {
    const picture = await admin.upload('#664411');
    await admin.remove(picture.id).expect(204);
    expect((await azurite.blobNames('portfolio-media')).filter((name) => name.startsWith(picture.id))).toEqual([]);
  });
});

describe('media in Azure Blob Storage while it is down', () => {
  let azurite: LocalAzurite;
  let proxy: TcpProxy;
  let onDatabase: AppOnDatabase;
  const admin = adminOf(() => onDatabase);

  beforeAll(async () => {
    azurite = await LocalAzurite.start();
    const port = Number(/BlobEndpoint=http:\/\/127\.0\.0\.1:(\d+)\//.exec(azurite.connectionString)![1]);
    proxy = await TcpProxy.start({ host: '127.0.0.1', port });
    onDatabase = await appOnDatabase({
      MEDIA_STORAGE: 'azure-blob',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString.replace(`:${port}/`, `:${proxy.port}/`),
      MEDIA_CONTAINER: 'portfolio-media',
    });
  });
  afterAll(async () => {
    await onDatabase.close();
    await proxy.cut();
    await azurite.stop();
  });

  it('answers a delete 503 naming the media storage within seconds, changes nothing, and deletes it all once the store is back', async () => {
    const picture = await admin.upload('#446611');
    // The purger purges what the database announces as deleted, which it announces once the delete commits.
    const announced: string[] = [];
    const heard = onDatabase.testApp.app
      .get(DatabaseAnnouncements)
      .on(MEDIA_HIDDEN_CHANNEL)
      .subscribe((id) => announced.push(id));
    try {
      await proxy.cut();
      const started = Date.now();
      const refused = await admin.remove(picture.id).expect(503);
      expect([refused.body.detail, Date.now() - started < 10_000]).toEqual(['The media storage is unavailable; try again shortly', true]);
      expect([await admin.rowsOf(picture.id), await admin.listed()]).toEqual([1, [picture.id]]);

      await proxy.restore();
      await admin.remove(picture.id).expect(204);
      expect(await admin.rowsOf(picture.id)).toBe(0);
      expect((await azurite.blobNames('portfolio-media')).filter((name) => name.startsWith(picture.id))).toEqual([]);
      await vi.waitFor(() => expect(announced).toEqual([picture.id]), { timeout: 2_000 });
    } finally {
      heard.unsubscribe();
    }
  });
});
