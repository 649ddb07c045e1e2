import request from 'supertest';
import { type ContentDomain, DEMO_CONTENT } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { AwardsService } from '@/awards/awards.service';
import { DraftsService } from '@/drafts/drafts.service';
import { ProjectsService } from '@/projects/projects.service';
import { ReadModel } from '@/read-model/read-model';
import { ADMIN_TOKEN } from '@test/support/admin';
import { watchOverlappingQueries } from '@test/support/overlapping-queries';
import { pdfText } from '@test/support/pdf-text';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { duePublishesRun, inSeconds } from '@test/support/scheduled-publishes';
import { createTestApp, type TestApp } from '@test/support/test-app';

describe('drafts', () => {
  let onDatabase: AppOnDatabase;
  let second: TestApp;
  const as = (app: TestApp) => ({
    get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    post: (path: string) => request(app.server).post(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    put: (path: string) => request(app.server).put(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    delete: (path: string) => request(app.server).delete(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  });
  const first = () => as(onDatabase.testApp);
  const publicTitle = async (app: TestApp, slug: string) =>
    (await request(app.server).get(`/api/projects/${slug}`).expect(200)).body.title as string;

  // Drafts read and write inside transactions, each on one connection: never two queries at once on one.
  const queries = watchOverlappingQueries();

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ FEATURE_CV_GENERATION: 'true' });
    second = await createTestApp({
      env: { DATABASE_URL: onDatabase.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
  });
  afterAll(async () => {
    queries.stop();
    await second.close();
    await onDatabase.close();
  });
  afterEach(async () => {
    await first().delete('/api/admin/draft');
    expect(queries.overlapping.splice(0)).toEqual([]);
  });

  it('changes the draft, not what visitors see, and answers as the same write without one', async () => {
    await first().get('/api/admin/draft').expect(404);
    const drafted = await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch 2' }).expect(200);
    expect(drafted.body.title).toBe('Tidewatch 2');
    const created = await first()
      .post('/api/awards?draft=true')
      .send({ title: 'Drafted award', organization: 'Org', year: '2026' })
      .expect(201);
    await first().patch('/api/profile?draft=true').send({ location: 'Utrecht' }).expect(200);

    expect(await publicTitle(onDatabase.testApp, 'tidewatch')).toBe('Tidewatch');
    expect(await publicTitle(second, 'tidewatch')).toBe('Tidewatch');
    const awards = (await request(onDatabase.testApp.server).get('/api/awards').expect(200)).body as { id: string }[];
    expect(awards.map((award) => award.id)).not.toContain(created.body.id);

    const draft = (await first().get('/api/admin/draft').expect(200)).body;
    expect(draft.changes).toEqual([
      { domain: 'profile', id: null, change: 'changed' },
      { domain: 'projects', id: 'tidewatch', change: 'changed' },
      { domain: 'awards', id: created.body.id, change: 'added' },
    ]);
    expect(draft.document.projects[0].title).toBe('Tidewatch 2');
    expect(draft.scheduledAt).toBeNull();
  });

  it('leaves visitors’ answers alone: a draft write prepares nothing again, and announces no change (no purge, no revision)', async () => {
    const app = onDatabase.testApp;
    await request(app.server).get('/api/projects/tidewatch').expect(200);
    const heard: ContentDomain[] = [];
    const listening = app.app.get(ReadModel).changes.subscribe((domain) => heard.push(domain));
    try {
      await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, not yet' }).expect(200);
      const prepared = vi.spyOn(ProjectsService.prototype, 'findDetail');
      expect(await publicTitle(app, 'tidewatch')).toBe('Tidewatch');
      expect(prepared).not.toHaveBeenCalled();
      expect(heard).toEqual([]);
    } finally {
      listening.unsubscribe();
      vi.restoreAllMocks();
    }
  });

  it('prepares again and announces only the domains a publish changed; a link, a schedule or a discarded draft changes none', async () => {
    const app = onDatabase.testApp;
    const content = (await first().get('/api/admin/content').expect(200)).body as object;
    await request(app.server).get('/api/awards').expect(200);
    const heard: ContentDomain[] = [];
    const listening = app.app.get(ReadModel).changes.subscribe((domain) => heard.push(domain));
    try {
      await first().post('/api/admin/draft/preview-token').expect(200);
      await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, published alone' }).expect(200);
      await first().post('/api/admin/draft/publish').expect(200);
      const prepared = vi.spyOn(AwardsService.prototype, 'findAll');
      await request(app.server).get('/api/awards').expect(200);
      expect(prepared).not.toHaveBeenCalled();
      expect(await publicTitle(app, 'tidewatch')).toBe('Tidewatch, published alone');

      await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, thrown away' }).expect(200);
      await first().post('/api/admin/draft/publish').send({ at: '2036-12-01T08:00:00.000Z' }).expect(202);
      await first().delete('/api/admin/draft/schedule').expect(204);
      await first().delete('/api/admin/draft').expect(204);
      expect(heard).toEqual(['projects']);
    } finally {
      listening.unsubscribe();
      vi.restoreAllMocks();
    }
    await first().put('/api/admin/content').send(content).expect(200);
  });

  it('shows the draft to whoever has a preview link, on every instance, privately, and nothing of it to anyone else', async () => {
    const published = await request(onDatabase.testApp.server).get('/api/projects/tidewatch').expect(200);
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, previewed' }).expect(200);
    const issued = await first().post('/api/admin/draft/preview-token').expect(200);
    expect(issued.body).toMatchObject({ expiresIn: 86_400, urls: { projects: `/api/projects?preview=${issued.body.token}` } });
    for (const app of [onDatabase.testApp, second]) {
      const previewed = await request(app.server).get(`/api/projects/tidewatch?preview=${issued.body.token}`).expect(200);
      expect(previewed.body.title).toBe('Tidewatch, previewed');
      expect(previewed.headers['cache-control']).toBe('private, no-store');
      expect(previewed.headers.etag).toBeUndefined();
      const cards = await request(app.server).get(issued.body.urls.projects).expect(200);
      expect(cards.body[0].title).toBe('Tidewatch, previewed');
    }
    const afterwards = await request(onDatabase.testApp.server).get('/api/projects/tidewatch').expect(200);
    expect([afterwards.body.title, afterwards.headers.etag]).toEqual(['Tidewatch', published.headers.etag]);

    // A read of what the draft left alone puts nothing of it in place.
    const undone = vi.spyOn(onDatabase.testApp.app.get(ContentTransactions), 'undone');
    await request(onDatabase.testApp.server).get(`/api/awards?preview=${issued.body.token}`).expect(200);
    await request(onDatabase.testApp.server).get(`/api/projects/ledger-lens?preview=${issued.body.token}`).expect(200);
    expect(undone).toHaveBeenCalledTimes(1);
    // Read again, it is the answer kept, until the draft or the content changes.
    const previewed = vi.spyOn(onDatabase.testApp.app.get(DraftsService), 'preview');
    const otherLink = issued.body.token as string;
    await request(onDatabase.testApp.server).get(`/api/projects/tidewatch?preview=${otherLink}`).expect(200);
    expect(previewed).not.toHaveBeenCalled();
    await first().patch('/api/projects/tidewatch?draft=true').send({ status: 'Previewed twice' }).expect(200);
    const redrafted = await request(onDatabase.testApp.server).get(`/api/projects/tidewatch?preview=${otherLink}`).expect(200);
    expect(redrafted.body).toMatchObject({ title: 'Tidewatch, previewed', status: 'Previewed twice' });
    // A direct write to an item the draft left alone shows in the preview too.
    await as(second).patch('/api/projects/ledger-lens').send({ impact: 'Changed directly' }).expect(200);
    await vi.waitFor(
      async () =>
        expect(
          (await request(onDatabase.testApp.server).get(`/api/projects/ledger-lens?preview=${otherLink}`).expect(200)).body.impact,
        ).toBe('Changed directly'),
      { timeout: 2_000 },
    );
    expect(previewed).toHaveBeenCalledTimes(2);
    previewed.mockRestore();
    undone.mockRestore();

    const tampered = `${issued.body.token.slice(0, -2)}${issued.body.token.endsWith('AA') ? 'BA' : 'AA'}`;
    await request(onDatabase.testApp.server).get(`/api/projects?preview=${tampered}`).expect(401);
    await request(onDatabase.testApp.server).get('/api/projects?preview=').expect(401);
    const asAdmin = await request(onDatabase.testApp.server)
      .get('/api/admin/draft')
      .set('Authorization', `Bearer ${issued.body.token}`)
      .expect(403);
    expect(asAdmin.body.detail).toBe('A preview link reads the draft; it is no admin credential');

    await first().delete('/api/admin/draft').expect(204);
    const withoutDraft = await request(onDatabase.testApp.server).get(`/api/projects/tidewatch?preview=${issued.body.token}`).expect(200);
    expect([withoutDraft.body.title, withoutDraft.headers['cache-control']]).toEqual(['Tidewatch', 'private, no-store']);
  });

  it('shows through a link the draft it was made for, and after that draft is published or discarded the published content, never a later draft', async () => {
    const previewTitle = async (token: string) =>
      (await request(second.server).get(`/api/projects/tidewatch?preview=${token}`).expect(200)).body.title as string;
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, first draft' }).expect(200);
    const { token: first_ } = (await first().post('/api/admin/draft/preview-token').expect(200)).body as { token: string };
    expect(await previewTitle(first_)).toBe('Tidewatch, first draft');
    await first().delete('/api/admin/draft').expect(204);
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, second draft' }).expect(200);
    const { token: second_ } = (await first().post('/api/admin/draft/preview-token').expect(200)).body as { token: string };
    expect([await previewTitle(first_), await previewTitle(second_)]).toEqual(['Tidewatch', 'Tidewatch, second draft']);
    await first().post('/api/admin/draft/publish').expect(200);
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, third draft' }).expect(200);
    await vi.waitFor(async () => expect(await previewTitle(second_)).toBe('Tidewatch, second draft'), { timeout: 2_000 });
    await first().delete('/api/admin/draft').expect(204);
    await first().patch('/api/projects/tidewatch').send({ title: 'Tidewatch' }).expect(200);
  });

  it('builds a preview once for every parameter a read ignores, never fails concurrent previews, and compresses them', async () => {
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, concurrently previewed' }).expect(200);
    const { token } = (await first().post('/api/admin/draft/preview-token').expect(200)).body as { token: string };
    const previews = vi.spyOn(onDatabase.testApp.app.get(DraftsService), 'preview');
    try {
      for (const junk of ['a', 'b', 'c'])
        await request(onDatabase.testApp.server).get(`/api/projects?preview=${token}&j=${junk}`).expect(200);
      expect(previews).toHaveBeenCalledTimes(1);
    } finally {
      previews.mockRestore();
    }
    const slugs = DEMO_CONTENT.projects.map((project) => project.slug);
    const reads = [onDatabase.testApp, second].flatMap((app) =>
      slugs.flatMap((slug) => [1, 2].map((junk) => request(app.server).get(`/api/projects/${slug}?preview=${token}&j=${junk}`))),
    );
    const drafting = first().patch('/api/projects/ledger-lens?draft=true').send({ status: 'Drafted meanwhile' });
    const statuses = (await Promise.all([...reads, drafting])).map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // supertest decodes what it is sent: the header says it came compressed.
    const compressed = await request(second.server).get(`/api/projects?preview=${token}`).set('Accept-Encoding', 'br').expect(200);
    expect(compressed.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'private, no-store' });
    expect(compressed.body[0].title).toBe('Tidewatch, concurrently previewed');
  });

  it('shows the draft in the site’s feed to a preview link, and only to it', async () => {
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, in the feed' }).expect(200);
    const { token } = (await first().post('/api/admin/draft/preview-token').expect(200)).body as { token: string };
    const titles = async (query = '') =>
      (
        (await request(onDatabase.testApp.server).get(`/api/site/feed.json${query}`).expect(200)).body as { items: { title: string }[] }
      ).items.map((item) => item.title);
    expect(await titles(`?preview=${token}`)).toContain('Tidewatch, in the feed');
    expect(await titles()).not.toContain('Tidewatch, in the feed');
  });

  it('renders the CV from the draft for a preview link, privately', async () => {
    await first()
      .patch('/api/profile?draft=true')
      .send({ headline: { english: 'Drafted headline for the CV' } })
      .expect(200);
    const { token } = (await first().post('/api/admin/draft/preview-token').expect(200)).body as { token: string };
    const previewed = await request(onDatabase.testApp.server)
      .patch(`/api/cv/generate?preview=${token}`)
      .send({ lang: 'english' })
      .expect(200);
    expect(previewed.headers).toMatchObject({ 'content-type': 'application/pdf', 'cache-control': 'private, no-store' });
    expect(await pdfText(previewed.body as Buffer)).toContain('Drafted headline for the CV');
    const published = await request(onDatabase.testApp.server).patch('/api/cv/generate').send({ lang: 'english' }).expect(200);
    expect(await pdfText(published.body as Buffer)).not.toContain('Drafted headline for the CV');
  }, 30_000);

  it('refuses a draft value that is not true or false with 422, and writes directly with false', async () => {
    await first().patch('/api/projects/tidewatch?draft=yes').send({ title: 'No' }).expect(422);
    await first().patch('/api/projects/tidewatch?draft=false').send({ title: 'Tidewatch' }).expect(200);
    await first().get('/api/admin/draft').expect(404);
  });

  it('refuses ?draft=true on a write that cannot be drafted, and changes nothing', async () => {
    const [latest] = (await first().get('/api/admin/content/revisions?limit=1').expect(200)).body as { id: number }[];
    const refusals = [
      first().post(`/api/admin/content/revisions/${latest.id}/restore?draft=true`),
      first().post('/api/admin/media?draft=true').set('Content-Type', 'image/png').send(Buffer.from('not even a picture')),
      first().put('/api/admin/cv/english?draft=true').set('Content-Type', 'application/pdf').send(Buffer.from('%PDF-1.4 nothing')),
      first().post('/api/admin/draft/preview-token?draft=true'),
    ];
    for (const refused of refusals) {
      const { body } = await refused.expect(422);
      expect(body.detail).toEqual([expect.objectContaining({ loc: ['query', 'draft'], type: 'draft_unsupported' })]);
    }
    expect((await first().get('/api/admin/content/revisions?limit=1').expect(200)).body[0].id).toBe(latest.id);
    expect((await first().get('/api/admin/media').expect(200)).body).toEqual([]);
    expect((await first().get('/api/admin/cv').expect(200)).body[0]).toMatchObject({ lang: 'english', source: 'shipped' });
  });
});

describe('scheduled publishing', () => {
  let onDatabase: AppOnDatabase;
  let second: TestApp;
  const admin = (app: TestApp) => ({
    get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    post: (path: string) => request(app.server).post(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    delete: (path: string) => request(app.server).delete(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  });
  const awardTitles = async (app: TestApp) =>
    ((await request(app.server).get('/api/awards').expect(200)).body as { title: string }[]).map((award) => award.title);

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    second = await createTestApp({
      env: { DATABASE_URL: onDatabase.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
  });
  afterAll(async () => {
    await second.close();
    await onDatabase.close();
  });

  it('refuses a time in the past, and cancels a schedule: the draft stays, unpublished', async () => {
    const app = onDatabase.testApp;
    await admin(app)
      .post('/api/admin/draft/publish')
      .send({ at: inSeconds(1) })
      .expect(404);
    await admin(app).post('/api/awards?draft=true').send({ title: 'Cancelled award', organization: 'Org', year: '2026' }).expect(201);
    const past = await admin(app).post('/api/admin/draft/publish').send({ at: '2020-01-01T00:00:00Z' }).expect(422);
    expect(past.body.detail[0]).toMatchObject({ loc: ['body', 'at'] });
    await admin(app).post('/api/admin/draft/publish').send({ at: 'monday' }).expect(422);
    const scheduled = await admin(app)
      .post('/api/admin/draft/publish')
      .send({ at: inSeconds(1) })
      .expect(202);
    expect(scheduled.body.scheduledAt).not.toBeNull();
    await admin(app).delete('/api/admin/draft/schedule').expect(204);
    await admin(app).delete('/api/admin/draft/schedule').expect(404);
    await duePublishesRun(onDatabase.database, scheduled.body.scheduledAt as string);
    expect(await awardTitles(app)).not.toContain('Cancelled award');
    expect((await admin(app).get('/api/admin/draft').expect(200)).body.scheduledAt).toBeNull();
    await admin(app).delete('/api/admin/draft').expect(204);
  });
});

describe('drafts without a database', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { DATABASE_URL: undefined, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  it('answer 503', async () => {
    const admin = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    await admin(request(testApp.server).get('/api/admin/draft')).expect(503);
    await admin(request(testApp.server).patch('/api/projects/tidewatch?draft=true')).send({ title: 'X' }).expect(503);
    await admin(request(testApp.server).post('/api/admin/draft/publish')).expect(503);
  });
});
