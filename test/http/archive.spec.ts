import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import request from 'supertest';
import { binary } from '@test/support/binary-body';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { filesOf, repacked } from '@test/support/archives';
import { LocalAzurite } from '@test/support/azurite';
import { createTestDatabase } from '@test/support/database';
import { ROOT } from '@test/support/paths';
import { MINIMAL_PDF } from '@test/support/pdf-text';
import { createTestApp, type TestApp } from '@test/support/test-app';

const PICTURE = readFileSync(join(ROOT, 'assets', 'media', 'example.png'));
/** What visitors read: every public answer an archive must bring back as it was. */
const PUBLIC_READS = [
  '/api/profile',
  '/api/projects',
  '/api/projects/tidewatch',
  '/api/projects?lang=nederlands',
  '/api/experience',
  '/api/skills',
  '/api/awards',
  '/api/certifications',
];

const admin = (app: TestApp) => ({
  get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  put: (path: string) => request(app.server).put(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  post: (path: string) => request(app.server).post(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
});

describe('the archive: the whole portfolio as one .tar.gz, and back', () => {
  let azurite: LocalAzurite;
  let source: AppOnDatabase;
  let target: AppOnDatabase;
  let archive: Buffer;
  let pictureId: string;

  const put = (app: TestApp, body: Buffer) => admin(app).put('/api/admin/archive').set('Content-Type', 'application/gzip').send(body);
  /** What an archive that is refused must leave as it was: the content, the pictures, the CVs, the draft. */
  const state = async (app: TestApp) => ({
    content: (await admin(app).get('/api/admin/content').expect(200)).body as unknown,
    media: ((await admin(app).get('/api/admin/media').expect(200)).body as { id: string }[]).map(({ id }) => id),
    cvs: (await admin(app).get('/api/admin/cv').expect(200)).body as unknown,
    draft: (await admin(app).get('/api/admin/draft')).status,
  });

  beforeAll(async () => {
    azurite = await LocalAzurite.start();
    source = await appOnDatabase();
    target = await appOnDatabase({
      MEDIA_STORAGE: 'azure-blob',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      MEDIA_CONTAINER: 'portfolio-media',
    });
    const app = source.testApp;
    const { body: picture } = await admin(app).post('/api/admin/media').set('Content-Type', 'image/png').send(PICTURE).expect(201);
    pictureId = picture.id;
    await admin(app)
      .patch(`/api/admin/media/${pictureId}`)
      .send({ alt: { english: 'A gauge by the river' }, focalPoint: { x: 0.3, y: 0.6 } })
      .expect(200);
    await admin(app).patch('/api/projects/tidewatch').send({ image: picture.url }).expect(200);
    await admin(app).put('/api/admin/cv/english').set('Content-Type', 'application/pdf').send(MINIMAL_PDF).expect(200);
    await admin(app).patch('/api/profile?draft=true').send({ location: 'Leiden' }).expect(200);
    const exported = await binary(admin(app).get('/api/admin/archive')).expect(200);
    expect(exported.headers['content-type']).toBe('application/gzip');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="portfolio-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    archive = exported.body as Buffer;
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
    const { body } = await binary(admin(source.testApp).get('/api/admin/archive?history=true')).expect(200);
    const revisions = [...(await filesOf(body as Buffer)).keys()].filter((path) => path.startsWith('history/'));
    expect(revisions.length).toBeGreaterThan(0);
    await admin(source.testApp).get('/api/admin/archive?history=maybe').expect(422);
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
    ['a truncated archive', (archive: Buffer) => Promise.resolve(archive.subarray(0, Math.floor(archive.length / 2))), undefined],
  ])('refuses %s with 422 naming it, changing nothing', async (_, spoil, file) => {
    const before = await state(target.testApp);
    const { body } = await put(target.testApp, await spoil(archive)).expect(422);
    const [issue] = body.detail as { loc: string[] }[];
    if (file) expect(issue.loc[1]).toContain(file);
    else expect(issue.loc).toEqual(['body']);
    expect(await state(target.testApp)).toEqual(before);
  });

  it('refuses another type with 415, and checks the credential before reading a byte', async () => {
    await admin(target.testApp).put('/api/admin/archive').set('Content-Type', 'application/zip').send(archive).expect(415);
    await request(target.testApp.server).put('/api/admin/archive').set('Content-Type', 'application/gzip').send(archive).expect(401);
  });

  it('puts it all back on a fresh database with the other media storage: every public read answers the same, every picture is the same size and type', async () => {
    const { body: counts } = await put(target.testApp, archive).expect(200);
    expect(counts).toMatchObject({ media: 1, cvs: 1, draft: 1 });
    for (const path of PUBLIC_READS) {
      const [from, to] = await Promise.all([source, target].map((app) => request(app.testApp.server).get(path).expect(200)));
      expect([path, to.text]).toEqual([path, from.text]);
    }
    const [{ body: fromMedia }, { body: toMedia }] = await Promise.all(
      [source, target].map((app) => admin(app.testApp).get('/api/admin/media').expect(200)),
    );
    // The same picture, described and served alike: its bytes, encoded again from its original, may differ.
    type Item = { bytes: number; createdAt: string; variants: { bytes: number }[] };
    const alike = ({ bytes: _bytes, createdAt: _createdAt, variants, ...item }: Item) => ({
      ...item,
      variants: variants.map(({ bytes: _variantBytes, ...variant }) => variant),
    });
    expect((toMedia as Item[]).map(alike)).toEqual((fromMedia as Item[]).map(alike));
    for (const { url, type } of (toMedia as { variants: { url: string; type: string }[] }[])[0].variants) {
      const served = await request(target.testApp.server).get(url).expect(200);
      expect([url, served.headers['content-type']]).toEqual([url, type]);
    }
    const { body: pdf } = await binary(request(target.testApp.server).get('/api/download-cv?lang=english')).expect(200);
    expect(Buffer.compare(pdf as Buffer, MINIMAL_PDF)).toBe(0);
    expect((await admin(target.testApp).get('/api/admin/draft').expect(200)).body.document.profile).toMatchObject({ location: 'Leiden' });
  });

  it('brings the content history with it when the archive holds it: each revision, its time, source, actor, changes and document', async () => {
    const { body: withHistory } = await binary(admin(source.testApp).get('/api/admin/archive?history=true')).expect(200);
    const { body: counts } = await put(target.testApp, withHistory as Buffer).expect(200);
    type Revision = { id: number; createdAt: string; source: string; actor: string | null; domains: string[]; changes: unknown[] };
    const revisions = async (app: TestApp) =>
      (await admin(app).get('/api/admin/content/revisions?limit=200').expect(200)).body as Revision[];
    const [from, to] = [await revisions(source.testApp), await revisions(target.testApp)];
    expect(counts.revisions).toBe(from.length);
    const withoutId = ({ id: _id, ...revision }: Revision) => revision;
    expect(to.map(withoutId)).toEqual(from.map(withoutId));
    const document = async (app: TestApp, id: number) =>
      (await admin(app).get(`/api/admin/content/revisions/${id}`).expect(200)).body as unknown;
    expect(await document(target.testApp, to.at(-1)!.id)).toEqual(await document(source.testApp, from.at(-1)!.id));
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
        for (const path of PUBLIC_READS) {
          const [from, to] = await Promise.all([source.testApp, restored].map((app) => request(app.server).get(path).expect(200)));
          expect([path, to.text]).toEqual([path, from.text]);
        }
        const [{ variants }] = (await admin(restored).get('/api/admin/media').expect(200)).body as {
          variants: { url: string; type: string }[];
        }[];
        for (const { url, type } of variants)
          expect((await request(restored.server).get(url).expect(200)).headers['content-type']).toBe(type);
      } finally {
        await restored.close();
      }
    } finally {
      await back.drop();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('an archive of 20 pictures of 5 MB', () => {
  const PICTURES = 20;
  const BYTES = 5 * 1024 * 1024;
  let onDatabase: AppOnDatabase;
  let origin: string;
  let folder: string;

  /**
   * The most the memory in use (the heap and buffers, collected every 200 ms) grew over what it was
   * before, while `work` ran: what was held at once, whatever the garbage left between collections.
   */
  async function growthWhile(work: () => Promise<void>): Promise<number> {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const inUse = () => {
      collect();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = inUse();
    let most = before;
    const sampling = setInterval(() => (most = Math.max(most, inUse())), 200);
    try {
      await work();
    } finally {
      clearInterval(sampling);
    }
    return most - before;
  }

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ MEDIA_CACHE_MAX_BYTES: '0' });
    // Stored as an upload stores them (an original each, at its full width), without the minutes their encoding would take.
    for (let n = 0; n < PICTURES; n += 1) {
      const id = randomBytes(12).toString('hex');
      await onDatabase.database.query(
        `INSERT INTO media_items (id, width, height, fallback, bytes, placeholder) VALUES ($1, 2400, 1600, 'jpg', $2, 'AAAA')`,
        [id, BYTES],
      );
      await onDatabase.database.query(
        `INSERT INTO media_variants (media_id, name, width, height, type, bytes, body) VALUES ($1, '2400.jpg', 2400, 1600, 'image/jpeg', $2, $3)`,
        [id, BYTES, randomBytes(BYTES)],
      );
    }
    origin = await new Promise<string>((resolve) =>
      onDatabase.testApp.app.getHttpServer().listen(0, '127.0.0.1', function (this: Server) {
        resolve(`http://127.0.0.1:${(this.address() as AddressInfo).port}`);
      }),
    );
    folder = await mkdtemp(join(tmpdir(), 'archive-'));
  });
  afterAll(async () => {
    await onDatabase?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('is exported and imported with the memory of a few pictures, not of the archive', async () => {
    const file = join(folder, 'large.tar.gz');
    // The client is curl, a process of its own: what is measured is the service's memory alone.
    const curl = (...args: string[]) =>
      promisify(execFile)('curl', ['--silent', '--show-error', '--fail-with-body', '-H', `Authorization: Bearer ${ADMIN_TOKEN}`, ...args]);
    const exportGrowth = await growthWhile(async () => void (await curl('-o', file, `${origin}/api/admin/archive`)));
    expect((await stat(file)).size).toBeGreaterThan(PICTURES * BYTES);
    let answer = '';
    const importGrowth = await growthWhile(async () => {
      answer = (await curl('-X', 'PUT', '-H', 'Content-Type: application/gzip', '-T', file, `${origin}/api/admin/archive`)).stdout;
    });
    expect(JSON.parse(answer)).toMatchObject({ media: PICTURES });
    expect(Math.max(exportGrowth, importGrowth)).toBeLessThan(8 * BYTES);
  }, 120_000);
});
