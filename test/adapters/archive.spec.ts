import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { ArchiveService } from '@/archive/archive.service';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { LANGUAGES, LIST_DOMAINS } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { CvFilesService } from '@/cv/cv-files.service';
import { CvPublishingService } from '@/cv/cv-publishing.service';
import { DraftsService } from '@/drafts/drafts.service';
import { ContentHistoryService } from '@/history/content-history.service';
import { DOMAINS_WITH_IMAGE_SETS } from '@/media/image-sets';
import { MediaLibrary } from '@/media/media-library.service';
import { MediaServing } from '@/media/media-serving.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { filesOf, repacked } from '@test/support/archives';
import { ADMIN_TOKEN } from '@test/support/admin';
import { LocalAzurite } from '@test/support/azurite';
import { contentWritesOf } from '@test/support/content-writes';
import { createTestDatabase } from '@test/support/database';
import { ROOT } from '@test/support/paths';
import { MINIMAL_PDF } from '@test/support/pdf-text';
import { createTestApp, type TestApp } from '@test/support/test-app';

const PICTURE = readFileSync(join(ROOT, 'assets', 'media', 'example.png'));

/** What an archive must bring back as it was: every domain as visitors read it in each language, the pictures, the CVs, the draft. */
async function stateOf({ app }: TestApp) {
  const stores = app.get(ContentDomainStores);
  const reads = [];
  for (const domain of ['profile', ...LIST_DOMAINS] as const)
    for (const language of LANGUAGES) reads.push([domain, language, await stores.of(domain).readIn(language)]);
  const drafts = app.get(DraftsService);
  return {
    reads,
    // The same picture, described and served alike: its bytes, encoded again from its original, may differ.
    media: (await app.get(MediaLibrary).list(100)).map(({ bytes: _bytes, createdAt: _createdAt, ...item }) => item),
    cvs: (await app.get(CvPublishingService).served()).map(({ updatedAt: _updatedAt, ...served }) => served),
    draft: (await drafts.stamp()) && (await drafts.current()).document,
  };
}

/** The whole portfolio as one .tar.gz from the archive service, and back, between two databases and the two media storages. */
describe('the archive: the whole portfolio as one .tar.gz, and back', () => {
  let azurite: LocalAzurite;
  let source: AppOnDatabase;
  let target: AppOnDatabase;
  let archive: Buffer;
  let pictureId: string;

  const exported = async ({ app }: TestApp, withHistory = false) => {
    const out = new PassThrough();
    const [bytes] = await Promise.all([buffer(out), app.get(ArchiveService).export(out, withHistory)]);
    return bytes;
  };
  const imported = ({ app }: TestApp, bytes: Buffer) => contentWritesOf(app)(() => app.get(ArchiveService).import(Readable.from([bytes])));

  beforeAll(async () => {
    azurite = await LocalAzurite.start();
    source = await appOnDatabase();
    target = await appOnDatabase({
      MEDIA_STORAGE: 'azure-blob',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      MEDIA_CONTAINER: 'portfolio-media',
    });
    const { app } = source.testApp;
    const written = <T>(work: () => Promise<T>, toDraft = false) => contentWritesOf(app)(work, { toDraft });
    const media = app.get(MediaLibrary);
    const picturesChanged = { changed: () => DOMAINS_WITH_IMAGE_SETS };
    const { item: picture } = await contentWritesOf(app)(() => media.upload(PICTURE, 'image/png'), picturesChanged);
    pictureId = picture.id;
    await contentWritesOf(app)(
      () => media.update(pictureId, { alt: { english: 'A gauge by the river' }, focalPoint: { x: 0.3, y: 0.6 } }),
      picturesChanged,
    );
    await written(() => app.get(ProjectsService).patch('tidewatch', { image: picture.url }));
    await app.get(CvPublishingService).upload('english', MINIMAL_PDF);
    await written(() => app.get(ProfileService).patch({ location: 'Leiden' }), true);
    archive = await exported(source.testApp);
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
    await azurite?.stop();
  });

  it('holds the content, each picture with what describes it, each CV with its source, the draft, and a manifest of checksums', async () => {
    const files = await filesOf(archive);
    // The picture has no transparency: its original is a JPEG, as its fallback is.
    expect([...files.keys()].sort()).toEqual(
      [
        'content.json',
        'cv/english.json',
        'cv/english.pdf',
        'draft.json',
        'manifest.json',
        `media/${pictureId}.jpg`,
        `media/${pictureId}.json`,
      ].sort(),
    );
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ format: 1, counts: { projects: expect.any(Number), media: 1, cvs: 1, draft: 1, revisions: 0 } });
    expect(Object.keys(manifest.files).sort()).toEqual([...files.keys()].filter((path) => path !== 'manifest.json').sort());
    expect(JSON.parse(files.get(`media/${pictureId}.json`)!.toString())).toMatchObject({
      id: pictureId,
      alt: { english: 'A gauge by the river' },
      focalPoint: { x: 0.3, y: 0.6 },
    });
    expect(JSON.parse(files.get('cv/english.json')!.toString())).toEqual({ lang: 'english', origin: 'upload', contentHash: null });
    expect(Buffer.compare(files.get('cv/english.pdf')!, MINIMAL_PDF)).toBe(0);
  });

  it('adds the content history when asked', async () => {
    const revisions = [...(await filesOf(await exported(source.testApp, true))).keys()].filter((path) => path.startsWith('history/'));
    expect(revisions.length).toBeGreaterThan(0);
  });

  it.each([
    [
      'a tampered file',
      (archive: Buffer) =>
        repacked(archive, (path, body) => (path === 'content.json' ? Buffer.concat([body, Buffer.from(' ')]) : body), {
          keepChecksums: true,
        }),
      'content.json',
    ],
    [
      'a picture that is not one',
      (archive: Buffer) => repacked(archive, (path, body) => (path.endsWith('.jpg') ? Buffer.from('not a picture') : body)),
      'media/',
    ],
    [
      'a foreign format',
      (archive: Buffer) =>
        repacked(archive, (path, body) =>
          path === 'manifest.json' ? Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), format: 2 })) : body,
        ),
      'manifest.json',
    ],
    [
      'a document that breaks the rules',
      (archive: Buffer) =>
        repacked(archive, (path, body) =>
          path === 'content.json' ? Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), projects: [{ title: '' }] })) : body,
        ),
      'content.json',
    ],
    [
      'a document with a list of millions',
      (archive: Buffer) =>
        repacked(archive, (path, body) =>
          path === 'content.json'
            ? Buffer.from(
                JSON.stringify({ ...JSON.parse(body.toString()), projects: '[]' }).replace('"[]"', `[${'1,'.repeat(2_000_000)}1]`),
              )
            : body,
        ),
      'content.json',
    ],
    ['a truncated archive', (archive: Buffer) => Promise.resolve(archive.subarray(0, Math.floor(archive.length / 2))), undefined],
  ])('refuses %s naming it, changing nothing', async (_, spoil, file) => {
    const before = await stateOf(target.testApp);
    const refusal = await imported(target.testApp, await spoil(archive)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestValidationException);
    const [issue] = (refusal as RequestValidationException).issues;
    if (file) expect(issue.loc[1]).toContain(file);
    else expect(issue.loc).toEqual(['body']);
    expect(await stateOf(target.testApp)).toEqual(before);
  });

  it('puts it all back on a fresh database with the other media storage: every domain reads the same, every picture is the same size and type', async () => {
    expect(await imported(target.testApp, archive)).toMatchObject({ media: 1, cvs: 1, draft: 1 });
    const [from, to] = [await stateOf(source.testApp), await stateOf(target.testApp)];
    expect(to).toEqual(from);
    expect(to.draft).toMatchObject({ profile: { location: 'Leiden' } });
    const serving = target.testApp.app.get(MediaServing);
    for (const { width, type, url } of to.media[0].variants) {
      const name = url.slice(url.lastIndexOf('/') + 1);
      expect([url, (await serving.variant(pictureId, name)).type, width]).toEqual([url, type, width]);
    }
    const { content } = await target.testApp.app.get(CvFilesService).download('english', () => false);
    expect(Buffer.compare(Buffer.isBuffer(content) ? content : await buffer(content!), MINIMAL_PDF)).toBe(0);
  });

  it('brings the content history with it when the archive holds it: each revision, its time, source, actor, changes and document', async () => {
    const counts = await imported(target.testApp, await exported(source.testApp, true));
    const history = (app: TestApp) => app.app.get(ContentHistoryService);
    const [from, to] = [await history(source.testApp).list(200, undefined), await history(target.testApp).list(200, undefined)];
    expect(counts.revisions).toBe(from.length);
    const withoutId = ({ id: _id, ...revision }: (typeof from)[number]) => revision;
    expect(to.map(withoutId)).toEqual(from.map(withoutId));
    expect(await history(target.testApp).document(to.at(-1)!.id)).toEqual(await history(source.testApp).document(from.at(-1)!.id));
    expect(await target.testApp.app.get(PortfolioService).export()).toEqual(await source.testApp.app.get(PortfolioService).export());
  });

  it('goes the other way from a shell (npm run archive): out of Azure Blob Storage, into PostgreSQL storage on a fresh database', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'archive-'));
    const back = await createTestDatabase();
    const file = join(folder, 'portfolio.tar.gz');
    try {
      const cli = (database: string, env: Record<string, string>, ...args: string[]) =>
        promisify(execFile)(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'archive.js'), ...args], {
          env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database, ...env },
        });
      const azure = {
        MEDIA_STORAGE: 'azure-blob',
        AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
        MEDIA_CONTAINER: 'portfolio-media',
      };
      await cli(target.database.url, azure, 'export', file);
      const { stdout } = await cli(back.url, {}, 'import', file);
      expect(JSON.parse(stdout)).toMatchObject({ media: 1, cvs: 1, draft: 1 });
      const restored = await createTestApp({ env: { DATABASE_URL: back.url, API_ADMIN_TOKEN: ADMIN_TOKEN } });
      try {
        expect((await stateOf(restored)).reads).toEqual((await stateOf(source.testApp)).reads);
        const serving = restored.app.get(MediaServing);
        for (const { url, type } of (await stateOf(restored)).media[0].variants)
          expect((await serving.variant(pictureId, url.slice(url.lastIndexOf('/') + 1))).type).toBe(type);
      } finally {
        await restored.close();
      }
    } finally {
      await back.drop();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
