import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import type { MediaItemDto } from '@/media/dto/media-item.dto';
import { FallbackSizes } from '@/media/fallback-sizes';
import { ImageProcessor } from '@/media/image-processor';
import { DOMAINS_WITH_IMAGE_SETS, ImageSets } from '@/media/image-sets';
import { MediaLibrary } from '@/media/media-library.service';
import { MediaServing } from '@/media/media-serving.service';
import { MediaRepository } from '@/media/persistence/media.repository';
import { DraftsService } from '@/drafts/drafts.service';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';
import { cameraPhoto, keptOriginal } from '@test/support/pictures';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { echoedWithItsWriteId } from '@test/support/write-echoes';

const pixels = (width: number, height: number, background: string, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .toBuffer();

/** The owner's pictures on PostgreSQL: kept once, served from memory, described in content, and forgotten on every instance. */
describe('media on PostgreSQL', () => {
  let onDatabase: AppOnDatabase;
  const app = () => onDatabase.testApp.app;
  const library = () => app().get(MediaLibrary);
  const serving = (on = onDatabase.testApp) => on.app.get(MediaServing);
  const projects = () => app().get(ProjectsService);
  /** A write as an admin's request makes it; a picture's own changes change what shows pictures. */
  const written = <T>(work: () => Promise<T>, toDraft = false) => contentWritesOf(app())(work, { toDraft });
  const mediaWritten = <T extends { changed?: boolean; created?: boolean }>(work: () => Promise<T>) =>
    contentWritesOf(app())(work, { changed: ({ changed, created }) => (changed || created ? DOMAINS_WITH_IMAGE_SETS : []) });
  const uploaded = async (bytes: Buffer, type = 'image/jpeg') => (await mediaWritten(() => library().upload(bytes, type))).item;
  const removed = (id: string) => written(() => library().remove(id));
  const widthOf = async (bytes: Promise<{ body: Buffer }>) => (await sharp((await bytes).body).metadata()).width;
  let photo: MediaItemDto;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    photo = await uploaded(await cameraPhoto());
  });
  afterAll(() => onDatabase.close());

  it('answers the same bytes again with the item kept, without decoding them again; declared as another type, refuses them at the body', async () => {
    const processing = vi.spyOn(ImageProcessor.prototype, 'process');
    try {
      expect(await library().upload(await cameraPhoto(), 'image/jpeg')).toEqual({ item: photo, created: false });
      expect(processing).not.toHaveBeenCalled();
      const refusal = await library()
        .upload(await cameraPhoto(), 'image/png')
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RequestValidationException);
      expect((refusal as RequestValidationException).issues[0]).toMatchObject({
        loc: ['body'],
        msg: 'The bytes are jpeg, not the declared type',
      });
    } finally {
      processing.mockRestore();
    }
  });

  it('decodes once more the bytes of a picture kept before its type was recorded, and records it', async () => {
    await onDatabase.database.query('UPDATE media_items SET uploaded_as = NULL WHERE id = $1', [photo.id]);
    const processing = vi.spyOn(ImageProcessor.prototype, 'process');
    try {
      const twice = [await uploaded(await cameraPhoto()), await uploaded(await cameraPhoto())];
      expect(twice).toEqual([photo, photo]);
      expect(processing).toHaveBeenCalledTimes(1);
    } finally {
      processing.mockRestore();
    }
  });

  it('serves a hot picture from memory, by its variant and negotiated: no database read after the first', async () => {
    const reads = () => [serving().variant(photo.id, '320.webp'), serving().negotiated(photo.id, 'image/webp', 300)];
    await Promise.all(reads());
    const repository = app().get(MediaRepository);
    const spies = [vi.spyOn(repository, 'variant'), vi.spyOn(repository, 'find')];
    await Promise.all([...reads(), ...reads()]);
    for (const spy of spies) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  it('keeps one copy of a negotiated picture for every width that picks the same variant', async () => {
    await serving().negotiated(photo.id, 'image/avif', 1);
    const finds = vi.spyOn(app().get(MediaRepository), 'find');
    try {
      for (const width of [2, 100, 319, 320]) await serving().negotiated(photo.id, 'image/avif', width);
      expect(finds).not.toHaveBeenCalled();
      await serving().negotiated(photo.id, 'image/avif', 321);
      expect(finds).toHaveBeenCalledTimes(1);
    } finally {
      finds.mockRestore();
    }
  });

  it('sends a browser without AVIF or WebP a wide picture at most 1920 px wide, links it at 1200 px for previews, and keeps the original whole', async () => {
    const wide = await uploaded(await pixels(2400, 1200, '#446688'));
    const fallbackAt = (width?: number) => widthOf(serving().negotiated(wide.id, undefined, width));
    expect(await fallbackAt()).toBe(1920);
    expect(await fallbackAt(1000)).toBe(1200);
    expect(await fallbackAt(1250)).toBe(1920);
    expect(await fallbackAt(3000)).toBe(1920);
    expect(await widthOf(serving().variant(wide.id, '2400.jpg'))).toBe(2400);
    const imageSets = app().get(ImageSets);
    expect((await imageSets.of([wide.url], 'english')).get(wide.url)?.fallback).toBe(`${wide.url}/1920.jpg`);
    expect(await imageSets.previews([wide.url, photo.url, '/elsewhere.png'])).toEqual(
      new Map([
        [wide.url, `${wide.url}/1200.jpg`],
        [photo.url, `${photo.url}/600.jpg`],
      ]),
    );

    // As if kept from before the fallback had these sizes: the instance that starts next adds them.
    await onDatabase.database.query(`DELETE FROM media_variants WHERE media_id = $1 AND name IN ('1200.jpg', '1920.jpg')`, [wide.id]);
    expect((await imageSets.of([wide.url], 'english')).get(wide.url)?.fallback).toBe(`${wide.url}/2400.jpg`);
    await app().get(FallbackSizes).onApplicationBootstrap();
    await vi.waitFor(async () => expect((await imageSets.previews([wide.url])).get(wide.url)).toBe(`${wide.url}/1200.jpg`), {
      timeout: 10_000,
    });
    expect((await imageSets.of([wide.url], 'english')).get(wide.url)?.fallback).toBe(`${wide.url}/1920.jpg`);
    serving().forget(wide.id);
    expect(await widthOf(serving().variant(wide.id, '1920.jpg'))).toBe(1920);
  });

  it("describes the profile's photo when it names a picture, in English", async () => {
    const profile = () => app().get(ProfileService);
    const patched = await written(() => profile().patch({ photo: photo.url }));
    expect(patched).toMatchObject({ photo: photo.url, imageSet: { width: 600, height: 1000, fallback: `${photo.url}/600.jpg` } });
    expect((await profile().find()).imageSet).toEqual(patched.imageSet);
    const exported = await app().get(PortfolioService).export();
    expect(exported.profile).toMatchObject({ photo: photo.url });
    expect(exported.profile).not.toHaveProperty('imageSet');
    await written(() => profile().patch({ photo: '' }));
    expect(await profile().find()).not.toHaveProperty('imageSet');
  });

  it("announces a picture's change with its write's id, so that the instance that made it knows the echo as its own", () =>
    echoedWithItsWriteId(app(), 'projects', () => mediaWritten(() => library().update(photo.id, { alt: { english: 'A square' } }))));

  it('counts a picture only the draft names as in use: it cannot be deleted from under the publish that would show it', async () => {
    const drafted = await uploaded(await pixels(40, 30, '#aa3300', 'png'), 'image/png');
    await written(() => projects().patch('physio-planner', { image: drafted.url }), true);
    try {
      expect((await library().list(1))[0].usedBy).toEqual([{ domain: 'projects', id: 'physio-planner' }]);
      await expect(removed(drafted.id)).rejects.toMatchObject({
        status: 409,
        response: { detail: `Media ${drafted.id} is used by projects physio-planner (in the draft)` },
      });
    } finally {
      await app().get(DraftsService).discard();
    }
    await removed(drafted.id);
  });

  it('sets alt text per language and a focal point, lists newest first, and refuses to delete a picture content uses', async () => {
    const { item } = await mediaWritten(() =>
      library().update(photo.id, { alt: { english: 'A blue square', nederlands: 'Een blauw vierkant' }, focalPoint: { x: 0.5, y: 0.25 } }),
    );
    expect(item).toMatchObject({ alt: { english: 'A blue square', nederlands: 'Een blauw vierkant' }, focalPoint: { x: 0.5, y: 0.25 } });

    await written(() => projects().patch('tidewatch', { image: photo.url }));
    expect((await library().list(10)).find((listed) => listed.id === photo.id)?.usedBy).toEqual([{ domain: 'projects', id: 'tidewatch' }]);
    await expect(removed(photo.id)).rejects.toMatchObject({
      status: 409,
      response: { detail: `Media ${photo.id} is used by projects tidewatch` },
    });

    await written(() => projects().patch('tidewatch', { image: '' }));
    await removed(photo.id);
    await expect(serving().variant(photo.id, photo.variants[0].url.slice(photo.url.length + 1))).rejects.toMatchObject({ status: 404 });
    await expect(removed(photo.id)).rejects.toMatchObject({ status: 404 });
  });

  it('stops serving a deleted picture on every instance, from memory as it was there', async () => {
    const other: TestApp = await createTestApp({
      env: { DATABASE_URL: onDatabase.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      const picture = await uploaded(await pixels(400, 400, '#aa5500'));
      const reads = () => [serving(other).variant(picture.id, '320.avif'), serving(other).negotiated(picture.id, 'image/avif', 320)];
      await Promise.all([...reads(), ...reads()]);
      await removed(picture.id);
      const statuses = async () =>
        (await Promise.allSettled(reads())).map((read) => (read.status === 'rejected' ? (read.reason as { status?: number }).status : 200));
      await vi.waitFor(async () => expect(await statuses()).toEqual([404, 404]));
    } finally {
      await other.close();
    }
  });

  it('stops serving and describing a picture hidden by SQL typed by hand, as the database announces it', async () => {
    const picture = await uploaded(await pixels(400, 400, '#0055aa'));
    await written(() => projects().patch('ledger-lens', { image: picture.url }));
    try {
      expect(await projects().findDetail('ledger-lens')).toHaveProperty('imageSet');
      for (let read = 0; read < 2; read += 1) await serving().variant(picture.id, '320.avif');
      await onDatabase.database.query(`UPDATE media_items SET deleted_at = now() WHERE id = $1`, [picture.id]);
      await vi.waitFor(async () => {
        await expect(serving().variant(picture.id, '320.avif')).rejects.toMatchObject({ status: 404 });
        expect(await projects().findDetail('ledger-lens')).not.toHaveProperty('imageSet');
      });
    } finally {
      await written(() => projects().patch('ledger-lens', { image: '' }));
    }
  });

  it("looks for pictures' uses in an unchanged content item's JSON made once, not again for every listing", async () => {
    expect(await library().list(10)).not.toEqual([]);
    await onDatabase.historyRecorded();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      await library().list(10);
      const items = stringify.mock.calls.filter(([value]) => Object.isFrozen(value) && (value as { slug?: unknown }).slug !== undefined);
      expect(items).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
  });

  it('reads an original kept in its row back a piece at a time, byte for byte, whatever its size', async () => {
    // Over one read of 1 MB, and not a whole number of the 32 KB rows each read answers in.
    const body = randomBytes(1024 * 1024 + 3 * 32 * 1024 + 17);
    const id = await keptOriginal(onDatabase.database, body);
    const original = await app().get(MediaRepository).variantPieces(id, '2400.jpg');
    const pieces: Buffer[] = [];
    for await (const piece of original!.pieces) pieces.push(piece);
    expect(original!.bytes).toBe(body.length);
    expect(Buffer.compare(Buffer.concat(pieces), body)).toBe(0);
  });
});
