import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ChromiumPdfRenderer } from '@/cv/pdf/chromium-pdf.renderer';
import { cvFontsMissing } from '@test/support/fonts';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LogLines } from '@test/support/log-lines';
import { recordMetrics } from '@test/support/metrics';
import { pdfText } from '@test/support/pdf-text';
import { TcpProxy } from '@bench/http/tcp-proxy';
import { applyEnv, createTestApp, type TestApp } from '@test/support/test-app';

// supertest hands an application/pdf body over as a Buffer.
const SHIPPED_CVS = join(process.cwd(), 'assets', 'cv');
// Section headings print in capitals (CSS text-transform), and so the PDF's text has them.
const ENGLISH = ['Mara Jansen', 'WORK EXPERIENCE', 'Nordlicht Mobility', 'TypeScript', 'SKILLS', 'CERTIFICATIONS'];
const DUTCH = ['Mara Jansen', 'WERKERVARING', 'Nordlicht Mobility', 'TypeScript', 'VAARDIGHEDEN', 'CERTIFICERINGEN'];

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Every process whose command line names this Chromium profile directory. */
const processesUsing = (profileDir: string): string[] =>
  execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(profileDir));

describe('CV download, counts and generation', () => {
  let database: TestDatabase;
  let cvDir: string;
  let testApp: TestApp;
  const recorded = recordMetrics();

  beforeAll(async () => {
    database = await createTestDatabase();
    cvDir = await mkdtemp(join(tmpdir(), 'cv-'));
    await cp(SHIPPED_CVS, cvDir, { recursive: true });
    testApp = await createTestApp({
      env: {
        DATABASE_URL: database.url,
        API_ADMIN_TOKEN: ADMIN_TOKEN,
        CV_DIR: cvDir,
        FEATURE_CV_GENERATION: 'true',
        RATE_LIMIT_ENABLED: 'false',
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await database.drop();
    await rm(cvDir, { recursive: true, force: true });
    recorded.stop();
  });

  const http = () => request(testApp.server);

  describe('GET /api/download-cv', () => {
    it.each([
      ['english', ENGLISH],
      ['nederlands', DUTCH],
    ])('serves the shipped %s CV as a PDF attachment', async (lang, expected) => {
      const response = await http().get(`/api/download-cv?lang=${lang}`).expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="cv-${lang}.pdf"`);
      const text = await pdfText(response.body as Buffer);
      for (const phrase of expected) expect(text).toContain(phrase);
    });

    it('serves english when no language is given', async () => {
      const response = await http().get('/api/download-cv').expect(200);
      expect(response.headers['content-disposition']).toContain('cv-english.pdf');
      expect(response.body).toEqual(await readFile(join(cvDir, 'cv-english.pdf')));
    });

    it('answers an unknown language with 422 naming the query parameter', async () => {
      const response = await http().get('/api/download-cv?lang=deutsch').expect(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'lang'] })]);
    });
  });

  describe('PATCH /api/download-cv', () => {
    it('gives the link for the requested language', async () => {
      const response = await http().patch('/api/download-cv').send({ lang: 'nederlands' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ downloadUrl: '/api/download-cv?lang=nederlands', lang: 'nederlands', filename: 'cv-nederlands.pdf' });
    });

    it('takes english when there is no body', async () => {
      const response = await http().patch('/api/download-cv');
      expect(response.body).toEqual({ downloadUrl: '/api/download-cv?lang=english', lang: 'english', filename: 'cv-english.pdf' });
    });

    it('refuses an unknown language with 422', async () => {
      const response = await http().patch('/api/download-cv').send({ lang: 'fr' });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'lang'] })]);
    });
  });

  describe('download counts', () => {
    const counts = () => http().get('/api/metrics/cv-downloads').set('Authorization', `Bearer ${ADMIN_TOKEN}`);

    it('counts each download per language, in the database and in the cv.downloads counter', async () => {
      await database.query('DELETE FROM cv_download_events');
      const before = await recorded.counter('cv.downloads', 'locale');
      for (const lang of ['english', 'english', 'nederlands']) await http().get(`/api/download-cv?lang=${lang}`).expect(200);
      const response = await counts();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ total: 3, byLocale: { english: 2, nederlands: 1 } });
      const after = await recorded.counter('cv.downloads', 'locale');
      expect(after.english - (before.english ?? 0)).toBe(2);
      expect(after.nederlands - (before.nederlands ?? 0)).toBe(1);
    });

    it("answers HEAD with the download's headers and no body, and counts nothing", async () => {
      await database.query('DELETE FROM cv_download_events');
      const before = await recorded.counter('cv.downloads', 'locale');
      const head = await http().head('/api/download-cv?lang=nederlands').expect(200);
      expect(head.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String((await readFile(join(cvDir, 'cv-nederlands.pdf'))).length),
        'content-disposition': 'attachment; filename="cv-nederlands.pdf"',
      });
      expect(head.body).toEqual({});
      expect((await counts()).body).toEqual({ total: 0, byLocale: { english: 0, nederlands: 0 } });
      expect(await recorded.counter('cv.downloads', 'locale')).toEqual(before);
      await http().head('/api/download-cv?lang=deutsch').expect(422);
    });

    it('answers 404 for a missing file and counts nothing', async () => {
      await database.query('DELETE FROM cv_download_events');
      await rm(join(cvDir, 'cv-nederlands.pdf'));
      try {
        const before = await recorded.counter('cv.downloads', 'locale');
        const missing = await http().get('/api/download-cv?lang=nederlands').expect(404);
        expect(missing.body).toEqual({ detail: 'The nederlands CV is not available' });
        const link = await http().patch('/api/download-cv').send({ lang: 'nederlands' });
        expect(link.status).toBe(404);
        expect((await counts()).body).toEqual({ total: 0, byLocale: { english: 0, nederlands: 0 } });
        expect(await recorded.counter('cv.downloads', 'locale')).toEqual(before);
      } finally {
        await cp(join(SHIPPED_CVS, 'cv-nederlands.pdf'), join(cvDir, 'cv-nederlands.pdf'));
      }
    });

    it.each([
      ['no credential', 401, undefined],
      ['a wrong token', 401, 'not-the-token'],
    ])('answers %s with %i, as every admin operation does', async (_, status, token) => {
      const call = http().get('/api/metrics/cv-downloads');
      if (token) call.set('Authorization', `Bearer ${token}`);
      const response = await call;
      expect(response.status).toBe(status);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('answers a guest explorer token with 403', async () => {
      const { token } = (await http().get('/api/explorer-token').expect(200)).body as { token: string };
      const response = await http().get('/api/metrics/cv-downloads').set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(403);
    });
  });

  describe('generation', () => {
    it('reports that generation is enabled', async () => {
      expect((await http().get('/api/cv/status')).body).toEqual({ enabled: true });
    });

    it.each([
      ['english', ENGLISH],
      ['nederlands', DUTCH],
      // What a CV prints is the generation service's (test/service/cv-generation.service.spec.ts); here, the answer, counted and timed.
    ])('renders the %s CV from the current content, counted and timed', async (lang, expected) => {
      const created = await http()
        .post('/api/projects')
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .send({ title: `Harbour Radar ${lang}`, description: 'Berth planning for inland shipping.' })
        .expect(201);
      const generationsBefore = (await recorded.counter('cv.generations', 'locale'))[lang] ?? 0;
      const timedBefore = await recorded.histogramCount('cv.generation.duration');

      const response = await http().patch('/api/cv/generate').send({ lang }).expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(response.body as Buffer);
      for (const phrase of [...expected, `Harbour Radar ${lang}`]) expect(text).toContain(phrase);

      expect((await recorded.counter('cv.generations', 'locale'))[lang]).toBe(generationsBefore + 1);
      expect(await recorded.histogramCount('cv.generation.duration')).toBe(timedBefore + 1);
      await http()
        .delete(`/api/projects/${(created.body as { slug: string }).slug}`)
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .expect(204);
    });
  });
});

describe('CV generation when it cannot or may not run', () => {
  it('answers 404 while the flag is off, and the 3rd call in a minute with 429', async () => {
    const testApp = await createTestApp({ env: { FEATURE_CV_GENERATION: 'false', RATE_LIMIT_ENABLED: 'true' } });
    try {
      expect((await request(testApp.server).get('/api/cv/status')).body).toEqual({ enabled: false });
      for (let i = 0; i < 2; i += 1) {
        const off = await request(testApp.server).patch('/api/cv/generate').send({ lang: 'english' });
        expect(off.status).toBe(404);
        expect(off.body).toEqual({ detail: 'CV generation is not enabled' });
      }
      const limited = await request(testApp.server).patch('/api/cv/generate');
      expect(limited.status).toBe(429);
    } finally {
      await testApp.close();
    }
  });

  it('answers 503 when there is no usable browser', async () => {
    const testApp = await createTestApp({
      env: { FEATURE_CV_GENERATION: 'true', CHROMIUM_PATH: '/nonexistent/chromium', RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      const response = await request(testApp.server).patch('/api/cv/generate');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ detail: 'CV generation is unavailable: no usable browser' });
    } finally {
      await testApp.close();
    }
  });

  it('serves the download while the database is down, counting it in cv.downloads and logging the event it could not store', async () => {
    const database = await createTestDatabase();
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(database.url).port || 5432) });
    const url = new URL(database.url);
    url.port = String(proxy.port);
    const logs = new LogLines();
    const recorded = recordMetrics();
    const testApp = await createTestApp({
      env: { DATABASE_URL: url.toString(), RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn' },
      logDestination: logs,
    });
    try {
      await proxy.cut();
      const before = await recorded.counter('cv.downloads', 'locale');
      const response = await request(testApp.server).get('/api/download-cv?lang=english').expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.body).toEqual(await readFile(join(SHIPPED_CVS, 'cv-english.pdf')));
      expect((await recorded.counter('cv.downloads', 'locale')).english).toBe((before.english ?? 0) + 1);
      expect(logs.entries).toContainEqual(expect.objectContaining({ event: 'cv_download_not_recorded', locale: 'english' }));
    } finally {
      await testApp.close();
      recorded.stop();
      await database.drop();
    }
  });

  it('answers the download counts with 503 without a database', async () => {
    const testApp = await createTestApp({ env: { API_ADMIN_TOKEN: ADMIN_TOKEN } });
    try {
      const response = await request(testApp.server).get('/api/metrics/cv-downloads').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
      expect(response.status).toBe(503);
    } finally {
      await testApp.close();
    }
  });

  it('leaves no Chromium process behind once the app has closed', async () => {
    const testApp = await createTestApp({ env: { FEATURE_CV_GENERATION: 'true', RATE_LIMIT_ENABLED: 'false' } });
    await request(testApp.server).patch('/api/cv/generate').expect(200);
    const pid = (await testApp.app.get(ChromiumPdfRenderer).browserPid())!;
    const profileDir = /--user-data-dir=(\S+)/.exec(
      await readFile(`/proc/${pid}/cmdline`, 'utf8').then((cmd) => cmd.replaceAll('\0', ' ')),
    )![1];
    expect(processesUsing(profileDir).length).toBeGreaterThan(1);
    await testApp.close();
    expect(isRunning(pid)).toBe(false);
    await vi.waitFor(() => expect(processesUsing(profileDir)).toEqual([]));
  });
});

describe('CV rendering that cannot wedge (audit, round four)', () => {
  const jemalloc = execFileSync('dpkg', ['-L', 'libjemalloc2'], { encoding: 'utf8' })
    .split('\n')
    .find((path) => path.endsWith('/libjemalloc.so.2'))!;

  it('starts Chromium without the allocator preload Node runs on in the image', async () => {
    const restore = applyEnv({ LD_PRELOAD: jemalloc, MALLOC_CONF: 'background_thread:true' });
    const testApp = await createTestApp({ env: { FEATURE_CV_GENERATION: 'true', RATE_LIMIT_ENABLED: 'false' } });
    try {
      await request(testApp.server).patch('/api/cv/generate').expect(200);
      const pid = (await testApp.app.get(ChromiumPdfRenderer).browserPid())!;
      const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      expect(environment.filter((entry) => /^(LD_PRELOAD|MALLOC_CONF)=/.test(entry))).toEqual([]);
    } finally {
      await testApp.close();
      restore();
    }
  });

  it('answers 503 within the deadline when the browser never starts, logs why once, and tries a fresh one next time', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stuck-chromium-'));
    const launches = join(folder, 'launches');
    const stuck = join(folder, 'chromium');
    // A browser that never answers on its DevTools pipe; it notes each launch.
    await writeFile(stuck, `#!/bin/sh\necho launched >> ${launches}\nexec sleep 60\n`, { mode: 0o755 });
    const logs = new LogLines();
    const testApp = await createTestApp({
      env: {
        FEATURE_CV_GENERATION: 'true',
        RATE_LIMIT_ENABLED: 'false',
        CHROMIUM_PATH: stuck,
        CV_RENDER_TIMEOUT_MS: '1500',
        LOG_LEVEL: 'info',
      },
      logDestination: logs,
    });
    try {
      const startedAt = Date.now();
      const answers = await Promise.all([1, 2, 3].map(() => request(testApp.server).patch('/api/cv/generate')));
      expect(answers.map(({ status }) => status)).toEqual([503, 503, 503]);
      // Each waited at most its own deadline, the queue's wait included.
      expect(Date.now() - startedAt).toBeLessThan(3 * 1_500);
      const reasons = () => logs.entries.filter((entry) => entry.event === 'chromium_unavailable').map((entry) => entry.reason);
      await vi.waitFor(() => expect(reasons()).toEqual(['did not start within 1500 ms']), { timeout: 3_000 });
      await request(testApp.server).patch('/api/cv/generate').expect(503);
      expect((await readFile(launches, 'utf8')).trim().split('\n').length).toBeGreaterThanOrEqual(2);
    } finally {
      await testApp.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

if (cvFontsMissing()) console.warn(cvFontsMissing());
