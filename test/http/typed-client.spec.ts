import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { rgbaToThumbHash, thumbHashToDataURL } from 'thumbhash';
import { ADMIN_TOKEN } from '@test/support/admin';
import { appOnDatabase } from '@test/support/app-on-database';
import { ROOT } from '@test/support/paths';
import { MINIMAL_PDF } from '@test/support/pdf-text';
import { createTestApp, type TestApp } from '@test/support/test-app';

const run = promisify(execFile);

/** How a frontend compiles generated code: strict, as an ES module. */
const STRICT_TSCONFIG = {
  compilerOptions: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    strict: true,
    noEmit: true,
    types: [],
  },
  include: ['generated', 'use.ts'],
};
const CLIENT = join(ROOT, 'clients', 'typescript');

/** The typed client a frontend uses (clients/typescript): current, type-correct, and working against the service. */
describe('the typed client', () => {
  it('holds the types of the served description (npm run client:generate regenerates them)', async () => {
    // The check runs the built service (npm test builds first) and compares what it serves with src/schema.ts.
    await expect(run(process.execPath, [join(CLIENT, 'scripts', 'generate.ts'), '--check'], { cwd: ROOT })).resolves.toBeDefined();
  }, 30_000);

  it('type-checks, with the SPA-like script that uses it', async () => {
    await expect(
      run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(CLIENT, 'tsconfig.json')], { cwd: ROOT }),
    ).resolves.toBeDefined();
  }, 60_000);

  it('compiles with a second generator (@hey-api/openapi-ts), whose types refuse a PUT without its required fields', async () => {
    const testApp = await createTestApp({ env: { DATABASE_URL: undefined } });
    const folder = await mkdtemp(join(tmpdir(), 'hey-api-'));
    try {
      const description = (await request(testApp.server).get('/openapi.json').expect(200)).body as object;
      await writeFile(join(folder, 'openapi.json'), JSON.stringify(description));
      await run(join(ROOT, 'node_modules', '.bin', 'openapi-ts'), ['-i', 'openapi.json', '-o', 'generated'], { cwd: folder });
      await writeFile(
        join(folder, 'use.ts'),
        [
          "import { listProjects, replaceProject } from './generated/index.js';",
          'export const read = () => listProjects();',
          '// @ts-expect-error title and description are required by replaceProject',
          "export const replace = () => replaceProject({ path: { slug: 'tidewatch' }, body: {} });",
        ].join('\n'),
      );
      await writeFile(join(folder, 'tsconfig.json'), JSON.stringify(STRICT_TSCONFIG));
      await expect(run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', folder], { cwd: folder })).resolves.toBeDefined();
    } finally {
      await testApp.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('writes the <picture> of an image set: every source absolute, the fallback with its size, the alt escaped, the placeholder behind it', async () => {
    const placeholder = Buffer.from(
      rgbaToThumbHash(2, 2, new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255])),
    ).toString('base64');
    const imageSet = {
      width: 600,
      height: 1000,
      placeholder,
      alt: 'Ledger Lens "on" <a> laptop & more',
      focalPoint: null,
      sources: [
        { type: 'image/avif', srcset: '/api/media/abc/320.avif 320w, /api/media/abc/600.avif 600w' },
        { type: 'image/webp', srcset: '/api/media/abc/320.webp 320w, /api/media/abc/600.webp 600w' },
      ],
      fallback: '/api/media/abc/600.jpg',
    };
    const script = `import { pictureHtml } from ${JSON.stringify(join(CLIENT, 'src', 'index.ts'))};
process.stdout.write(pictureHtml(${JSON.stringify(imageSet)}, 'https://api.example.com', '50vw'));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
    expect(stdout).toBe(
      '<picture>' +
        '<source type="image/avif" srcset="https://api.example.com/api/media/abc/320.avif 320w, https://api.example.com/api/media/abc/600.avif 600w" sizes="50vw">' +
        '<source type="image/webp" srcset="https://api.example.com/api/media/abc/320.webp 320w, https://api.example.com/api/media/abc/600.webp 600w" sizes="50vw">' +
        '<img src="https://api.example.com/api/media/abc/600.jpg" width="600" height="1000" alt="Ledger Lens &quot;on&quot; &lt;a> laptop &amp; more" loading="lazy" ' +
        `style="background:url(${thumbHashToDataURL(Buffer.from(placeholder, 'base64'))}) center/cover no-repeat">` +
        '</picture>',
    );
  });

  it('types every schema by its name, reads a picture without an Accept parameter, and types the feeds and structured data', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'client-types-'));
    try {
      await writeFile(
        join(folder, 'use.ts'),
        [
          `import type { ContentDraft, ContentRevision, MediaItem, PublishedDraft, PortfolioClient } from ${JSON.stringify(join(CLIENT, 'src', 'index.ts'))};`,
          'export type Read = [ContentDraft, ContentRevision, MediaItem, PublishedDraft];',
          "export const picture = (client: PortfolioClient) => client.GET('/api/media/{media_id}', { params: { path: { media_id: 'x' }, query: { w: 640 } } });",
          'export const feed = async (client: PortfolioClient) => {',
          "  const { data } = await client.GET('/api/site/feed.json');",
          '  return data?.items.map((item) => [item.title, item.url, item.content_text, item.date_published, item.tags]);',
          '};',
          'export const person = async (client: PortfolioClient) => {',
          "  const { data } = await client.GET('/api/site/structured-data');",
          '  return [data?.name, data?.jobTitle, data?.sameAs];',
          '};',
        ].join('\n'),
      );
      await writeFile(
        join(folder, 'tsconfig.json'),
        JSON.stringify({
          ...STRICT_TSCONFIG,
          compilerOptions: { ...STRICT_TSCONFIG.compilerOptions, allowImportingTsExtensions: true },
          include: ['use.ts'],
        }),
      );
      await expect(run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', folder], { cwd: folder })).resolves.toBeDefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('uploads a picture and a CV given as Blobs, as their bytes', async () => {
    const onDatabase = await appOnDatabase();
    try {
      await onDatabase.testApp.app.listen(0, '127.0.0.1');
      const origin = `http://127.0.0.1:${(onDatabase.testApp.app.getHttpServer().address() as AddressInfo).port}`;
      const picture = readFileSync(join(ROOT, 'assets', 'media', 'example.png')).toString('base64');
      const script = `import { createPortfolioClient, uploadCv, uploadMedia } from ${JSON.stringify(join(CLIENT, 'src', 'index.ts'))};
const client = createPortfolioClient({ baseUrl: ${JSON.stringify(origin)}, token: ${JSON.stringify(ADMIN_TOKEN)} });
const media = await uploadMedia(client, new Blob([Buffer.from(${JSON.stringify(picture)}, 'base64')], { type: 'image/png' }));
const cv = await uploadCv(client, 'english', new Blob([${JSON.stringify(MINIMAL_PDF.toString('latin1'))}]));
process.stdout.write(JSON.stringify([media.response.status, media.data?.width, cv.response.status, cv.data?.source]));`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
      expect(JSON.parse(stdout)).toEqual([201, expect.any(Number), 200, 'upload']);
    } finally {
      await onDatabase.close();
    }
  }, 30_000);

  describe('used as a portfolio SPA uses it', () => {
    let testApp: TestApp;
    let origin: string;
    beforeAll(async () => {
      testApp = await createTestApp({ env: { DATABASE_URL: undefined, RATE_LIMIT_ENABLED: 'false' } });
      await testApp.app.listen(0, '127.0.0.1');
      origin = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    });
    afterAll(() => testApp.close());

    it('reads every section, sends a contact message, finds the CV and reads the flags', async () => {
      const { stdout } = await run(process.execPath, [join(CLIENT, 'examples', 'spa.ts'), origin], { cwd: ROOT });
      expect(JSON.parse(stdout)).toEqual({
        name: 'Mara Jansen',
        projects: expect.arrayContaining(['tidewatch', 'ledger-lens']),
        firstProject: 'Tidewatch',
        pictures: expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^<picture><source type="image/avif" srcset="${origin}/api/media/[0-9a-f]{24}/320\\.avif 320w, `),
          ),
        ]),
        next: 'ledger-lens',
        experience: ['Nordlicht Mobility', 'Polderdata'],
        skillCategories: expect.arrayContaining(['Languages', 'Backend']),
        awards: 3,
        certifications: 4,
        contact: true,
        cv: `${origin}/api/download-cv?lang=nederlands`,
        cvGeneration: false,
        notFound: { status: 404, detail: 'Project "no-such-project" not found' },
        invalid: ['query.top'],
      });
    }, 30_000);
  });
});
