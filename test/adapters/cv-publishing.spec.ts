import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DEMO_CONTENT, type ContentDocument } from '@/content';
import { CvDownloadRetention } from '@/cv/cv-download-retention.service';
import { CvFilesService } from '@/cv/cv-files.service';
import { CvGenerationService } from '@/cv/cv-generation.service';
import { CvPublishingService } from '@/cv/cv-publishing.service';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProfileService } from '@/profile/profile.service';
import { contentWritesOf } from '@test/support/content-writes';
import type { TestDatabase } from '@test/support/database';
import { LogLines } from '@test/support/log-lines';
import { MINIMAL_PDF, pdfText } from '@test/support/pdf-text';
import type { TestApp } from '@test/support/test-app';
import { twoInstances, type TwoInstances } from '@test/support/two-instances';

const OWNER = { ...DEMO_CONTENT, profile: { ...DEMO_CONTENT.profile!, name: 'Joris de Vries' } };

/** The owner's CVs on PostgreSQL, from two instances: published from the content and kept current by one job, their downloads counted and folded. */
describe("the owner's published CV on PostgreSQL", () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let instances: TwoInstances;
  const logs = new LogLines();

  beforeAll(async () => {
    instances = await twoInstances({ CV_REPUBLISH_DELAY_MS: '300', LOG_LEVEL: 'info' }, logs);
    ({ database, first, second } = instances);
  });
  afterAll(() => instances.close());

  const publishing = (app = first) => app.app.get(CvPublishingService);
  const imported = (document: ContentDocument) => contentWritesOf(first.app)(() => first.app.get(PortfolioService).import(document));
  const renamed = (name: string) => contentWritesOf(second.app)(() => second.app.get(ProfileService).patch({ name }));
  const downloaded = async (app: TestApp, lang: 'english' | 'nederlands') => {
    const { content } = await app.app.get(CvFilesService).download(lang, () => false);
    return Buffer.isBuffer(content) ? content : buffer(content as Readable);
  };
  const holdsName = async (name: string) => (await pdfText(await downloaded(second, 'english'))).includes(name);
  /** Once no republish waits or runs (each instance queues one when it hears of a change). */
  const republishesDone = () =>
    vi.waitFor(
      async () =>
        expect(
          await database.query(`SELECT id FROM pgboss.job WHERE name = 'cv-republish' AND state IN ('created', 'retry', 'active')`),
        ).toEqual([]),
      { timeout: 15_000, interval: 100 },
    );

  afterEach(async () => {
    for (const lang of ['english', 'nederlands'] as const)
      await publishing()
        .remove(lang)
        .catch(() => undefined);
    await imported(DEMO_CONTENT);
  });

  it('folds download events past DOWNLOAD_EVENTS_RETENTION_DAYS (400) into counts per language and day, counting the same', async () => {
    const counts = () => first.app.get(CvFilesService).downloadCounts();
    await database.query(`INSERT INTO cv_download_events (locale, downloaded_at) VALUES
      ('english', now() - interval '401 days'), ('english', now() - interval '401 days'), ('nederlands', now() - interval '500 days')`);
    const before = await counts();
    expect(await first.app.get(CvDownloadRetention).sweep()).toBe(3);
    expect(await second.app.get(CvDownloadRetention).sweep()).toBe(0);
    expect(await counts()).toEqual(before);
    const [{ old }] = await database.query<{ old: number }>(
      `SELECT count(*)::int AS old FROM cv_download_events WHERE downloaded_at < now() - interval '400 days'`,
    );
    expect(old).toBe(0);
  });

  it('publishes a CV from the content, and renders it again within seconds of a change, once across instances', async () => {
    await imported(OWNER);
    expect(await publishing().publish('nederlands')).toMatchObject({ lang: 'nederlands', source: 'published' });
    expect(await pdfText(await downloaded(second, 'nederlands'))).toContain('Joris de Vries');
    await publishing().upload('english', MINIMAL_PDF);
    const renders = () => logs.entries.filter((entry) => entry.event === 'cv_republished').length;
    const before = renders();

    await renamed('Joris van Dijk');
    await vi.waitFor(async () => expect(await pdfText(await downloaded(first, 'nederlands'))).toContain('Joris van Dijk'), {
      timeout: 15_000,
      interval: 250,
    });
    // Both instances heard the change; the one job they queued is done, and rendered once.
    await republishesDone();
    expect(renders() - before).toBe(1);
    // An upload is kept as sent, whatever the content does.
    expect(Buffer.compare(await downloaded(second, 'english'), MINIMAL_PDF)).toBe(0);
  }, 30_000);

  it('never leaves a published CV stale: a republish that fails is tried again until it matches, and a change during one gets one of its own', async () => {
    await imported(OWNER);
    await publishing().publish('english');
    const status = async () => (await publishing().served())[0];
    expect(await status()).toMatchObject({ source: 'published', renderedFrom: expect.any(String), current: true });

    // A render that fails on both instances, once each.
    const renders = [first, second].map(({ app }) => vi.spyOn(app.get(CvGenerationService), 'renderWithFingerprint'));
    for (const render of renders) render.mockRejectedValueOnce(new Error('the browser went away'));
    await renamed('Joris Bakker');
    await vi.waitFor(() => expect(logs.entries.some((entry) => entry.event === 'cv_republish_failed')).toBe(true), { timeout: 5_000 });
    expect((await status()).current).toBe(false);
    await vi.waitFor(async () => expect(await holdsName('Joris Bakker')).toBe(true), { timeout: 15_000, interval: 250 });
    expect((await status()).current).toBe(true);
    for (const render of renders) render.mockRestore();

    // A change while a render is under way (held here) is rendered after it.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started = vi.fn();
    const holds = [first, second].map(({ app }) => {
      const generation = app.get(CvGenerationService);
      const render = generation.renderWithFingerprint.bind(generation);
      return vi.spyOn(generation, 'renderWithFingerprint').mockImplementationOnce(async (lang) => {
        started();
        await held;
        return render(lang);
      });
    });
    await renamed('Joris Smit');
    await vi.waitFor(() => expect(started).toHaveBeenCalled(), { timeout: 10_000 });
    await renamed('Joris de Boer');
    release();
    await vi.waitFor(async () => expect(await holdsName('Joris de Boer')).toBe(true), { timeout: 15_000, interval: 250 });
    await republishesDone();
    expect((await status()).current).toBe(true);
    for (const hold of holds) hold.mockRestore();
  }, 40_000);
});
