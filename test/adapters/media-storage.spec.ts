import sharp from 'sharp';
import { TcpProxy } from '@bench/http/tcp-proxy';
import { ContentHistoryService } from '@/history/content-history.service';
import type { MediaItemDto } from '@/media/dto/media-item.dto';
import { DOMAINS_WITH_IMAGE_SETS } from '@/media/image-sets';
import { MediaLibrary } from '@/media/media-library.service';
import { MediaRetention } from '@/media/media-retention.service';
import { MediaServing } from '@/media/media-serving.service';
import { ProjectsService } from '@/projects/projects.service';
import { DatabaseAnnouncements, MEDIA_HIDDEN_CHANNEL } from '@/read-model/database-announcements';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { LocalAzurite } from '@test/support/azurite';
import { contentWritesOf } from '@test/support/content-writes';

/** A picture of `width` × `height` in one colour: each colour is another picture. */
const pixels = (background: string, width = 400, height = width) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** What the specs below do as an admin does it, through the services and the content writes' path. */
function ownerOf(onDatabase: () => AppOnDatabase) {
  const app = () => onDatabase().testApp.app;
  const library = () => app().get(MediaLibrary);
  const written = <T>(work: () => Promise<T>) => contentWritesOf(app())(work);
  const history = () => app().get(ContentHistoryService);
  return {
    upload: async (bytes: Buffer): Promise<MediaItemDto> =>
      (
        await contentWritesOf(app())(() => library().upload(bytes, 'image/jpeg'), {
          changed: ({ created }) => (created ? DOMAINS_WITH_IMAGE_SETS : []),
        })
      ).item,
    listed: async () => (await library().list(100)).map((item) => item.id),
    setImage: (image: string) => written(() => app().get(ProjectsService).patch('tidewatch', { image })),
    retitle: (title: string) => written(() => app().get(ProjectsService).patch('tidewatch', { title })),
    remove: (id: string) => written(() => library().remove(id)),
    /** The status of a variant's read: 200, or the refusal's. */
    served: (id: string, name: string) =>
      app()
        .get(MediaServing)
        .variant(id, name)
        .then(
          () => 200,
          (error: { status?: number }) => error.status,
        ),
    rowsOf: async (id: string) =>
      Number((await onDatabase().database.query<{ n: string }>('SELECT count(*) AS n FROM media_items WHERE id = $1', [id]))[0].n),
    /** The newest revision once the recorder has made one after `after`. */
    nextRevision: (after?: number) =>
      vi.waitFor(
        async () => {
          const [latest] = await history().list(1, undefined);
          if (!latest || latest.id === after) throw new Error(`no revision after ${after}`);
          return latest.id;
        },
        { timeout: 5_000, interval: 50 },
      ),
    restore: (revision: number) => written(() => history().restore(revision)),
    app,
  };
}

describe('media kept by the content history', () => {
  let onDatabase: AppOnDatabase;
  const owner = ownerOf(() => onDatabase);

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ CONTENT_HISTORY_LIMIT: '3' });
  });
  afterAll(() => onDatabase.close());

  it('deletes a picture no revision ever named at once, bytes and all', async () => {
    const unused = await owner.upload(await pixels('#aa3300'));
    await owner.remove(unused.id);
    expect(await owner.rowsOf(unused.id)).toBe(0);
  });

  it('hides a deleted picture a revision names, brings it back with a restore of that revision, and lets it go once no kept revision names it', async () => {
    const picture = await owner.upload(await pixels('#0033aa'));
    const seeded = await owner.nextRevision();
    await owner.setImage(picture.url);
    const naming = await owner.nextRevision(seeded);
    await owner.setImage('');
    const cleared = await owner.nextRevision(naming);

    await owner.remove(picture.id);
    expect(await owner.listed()).not.toContain(picture.id);
    expect(await owner.served(picture.id, '400.jpg')).toBe(404);
    expect(await owner.rowsOf(picture.id)).toBe(1);

    await owner.restore(naming);
    const restored = await owner.nextRevision(cleared);
    expect(await owner.listed()).toContain(picture.id);
    expect(await owner.served(picture.id, '400.jpg')).toBe(200);
    expect((await owner.app().get(ProjectsService).findDetail('tidewatch')).imageSet?.fallback).toBe(`${picture.url}/400.jpg`);

    // Deleted again; then three more revisions push every one that named it out of the history.
    await owner.setImage('');
    let latest = await owner.nextRevision(restored);
    await owner.remove(picture.id);
    for (const title of ['Tidewatch 2', 'Tidewatch 3', 'Tidewatch 4']) {
      await owner.retitle(title);
      latest = await owner.nextRevision(latest);
    }
    expect(await owner.rowsOf(picture.id)).toBe(1);
    expect(await owner.app().get(MediaRetention).sweep()).toBe(1);
    expect(await owner.rowsOf(picture.id)).toBe(0);
  });
});

describe('media in Azure Blob Storage (Azurite)', () => {
  let azurite: LocalAzurite;
  let onDatabase: AppOnDatabase;
  const owner = ownerOf(() => onDatabase);

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
  const widthOf = async (id: string, name: string) =>
    (await sharp((await owner.app().get(MediaServing).variant(id, name)).body).metadata()).width;

  it('keeps the bytes as blobs named by content, the rows without them, and serves them from there', async () => {
    const picture = await owner.upload(await pixels('#116644'));
    expect((await azurite.blobNames('portfolio-media')).sort()).toEqual(
      ['320.avif', '320.webp', '400.avif', '400.jpg', '400.webp'].map((name) => `${picture.id}/${name}`),
    );
    const inRows = await onDatabase.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM media_variants WHERE media_id = $1 AND body IS NOT NULL',
      [picture.id],
    );
    expect(Number(inRows[0].n)).toBe(0);
    expect(await widthOf(picture.id, '400.jpg')).toBe(400);
    expect((await owner.app().get(MediaServing).negotiated(picture.id, 'image/webp', 300)).type).toBe('image/webp');
  });

  it('adds the fallback sizes of a picture kept from before them as blobs too', async () => {
    const picture = await owner.upload(await pixels('#224466', 2000, 1000));
    await onDatabase.database.query(`DELETE FROM media_variants WHERE media_id = $1 AND name IN ('1200.jpg', '1920.jpg')`, [picture.id]);
    await azurite.deleteBlobs('portfolio-media', [`${picture.id}/1200.jpg`, `${picture.id}/1920.jpg`]);
    const library = owner.app().get(MediaLibrary);
    expect(await library.addFallbackSizes(picture.id)).toBe(true);
    expect((await azurite.blobNames('portfolio-media')).filter((name) => name.endsWith('.jpg') && name.startsWith(picture.id))).toEqual(
      ['1200.jpg', '1920.jpg', '2000.jpg'].map((name) => `${picture.id}/${name}`),
    );
    expect(await widthOf(picture.id, '1200.jpg')).toBe(1200);
    expect(await library.addFallbackSizes(picture.id)).toBe(false);
  });

  it('deletes the blobs with the picture', async () => {
    const picture = await owner.upload(await pixels('#664411'));
    await owner.remove(picture.id);
    expect((await azurite.blobNames('portfolio-media')).filter((name) => name.startsWith(picture.id))).toEqual([]);
  });
});

describe('media in Azure Blob Storage while it is down', () => {
  let azurite: LocalAzurite;
  let proxy: TcpProxy;
  let onDatabase: AppOnDatabase;
  const owner = ownerOf(() => onDatabase);

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

  it('refuses a delete with 503 naming the media storage within seconds, changes nothing, and deletes it all once the store is back', async () => {
    const picture = await owner.upload(await pixels('#446611'));
    // The purger purges what the database announces as deleted, which it announces once the delete commits.
    const announced: string[] = [];
    const heard = owner
      .app()
      .get(DatabaseAnnouncements)
      .on(MEDIA_HIDDEN_CHANNEL)
      .subscribe((id) => announced.push(id));
    try {
      await proxy.cut();
      const started = Date.now();
      await expect(owner.remove(picture.id)).rejects.toMatchObject({
        status: 503,
        response: { detail: 'The media storage is unavailable; try again shortly' },
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect([await owner.rowsOf(picture.id), await owner.listed()]).toEqual([1, [picture.id]]);

      await proxy.restore();
      await owner.remove(picture.id);
      expect(await owner.rowsOf(picture.id)).toBe(0);
      expect((await azurite.blobNames('portfolio-media')).filter((name) => name.startsWith(picture.id))).toEqual([]);
      await vi.waitFor(() => expect(announced).toEqual([picture.id]), { timeout: 2_000 });
    } finally {
      heard.unsubscribe();
    }
  });
});
