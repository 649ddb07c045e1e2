import { Client } from 'pg';
import request from 'supertest';
import { type ContentDomain, DEMO_CONTENT } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { ContentTransactions } from '@/content-store/content-transactions';
import { AwardsService } from '@/awards/awards.service';
import { DraftsService } from '@/drafts/drafts.service';
import { ProjectsService } from '@/projects/projects.service';
import { ReadModel } from '@/read-model/read-model';
import { ADMIN_TOKEN } from '@test/support/admin';
import { watchOverlappingQueries } from '@test/support/overlapping-queries';
import { pdfText } from '@test/support/pdf-text';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { createTestApp, type TestApp } from '@test/support/test-app';

interface Revision {
  id: number;
  source: string;
}

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

  it('publishes in one revision seen by every instance, keeping direct writes made meanwhile and naming what it overrode', async () => {
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, drafted' }).expect(200);
    await first().patch('/api/projects/ledger-lens?draft=true').send({ title: 'Ledger Lens, drafted' }).expect(200);
    // Direct writes on the other instance: one to an item the draft left alone, one to an item it changed.
    await as(second).patch('/api/projects/physio-planner').send({ title: 'Physio Planner, direct' }).expect(200);
    await as(second).patch('/api/projects/ledger-lens').send({ title: 'Ledger Lens, direct' }).expect(200);
    const draft = (await first().get('/api/admin/draft').expect(200)).body;
    expect(draft.document.projects.map((project: { title: string }) => project.title)).toEqual(
      expect.arrayContaining(['Tidewatch, drafted', 'Ledger Lens, drafted', 'Physio Planner, direct']),
    );
    const [before] = (await first().get('/api/admin/content/revisions?limit=1').expect(200)).body as Revision[];

    const published = await first().post('/api/admin/draft/publish').expect(200);
    expect(published.body.overridden).toEqual([{ domain: 'projects', id: 'ledger-lens' }]);
    expect(published.body.published.projects).toBeGreaterThan(0);
    await first().get('/api/admin/draft').expect(404);

    for (const app of [onDatabase.testApp, second]) {
      await vi.waitFor(async () => expect(await publicTitle(app, 'tidewatch')).toBe('Tidewatch, drafted'), { timeout: 2_000 });
      expect(await publicTitle(app, 'ledger-lens')).toBe('Ledger Lens, drafted');
      expect(await publicTitle(app, 'physio-planner')).toBe('Physio Planner, direct');
    }
    // The direct writes are a revision of their own (perhaps recorded only now); the publish is one more, whole.
    await vi.waitFor(
      async () => {
        const since = ((await first().get('/api/admin/content/revisions?limit=10').expect(200)).body as Revision[]).filter(
          (revision) => revision.id > before.id,
        );
        expect(since.filter((revision) => revision.source === 'publish')).toHaveLength(1);
      },
      { timeout: 5_000 },
    );
  });

  it('keeps only the domains it changed, with what a write changed in another (a deleted project’s skill links)', async () => {
    type Category = { skills: { projects: string[] }[] };
    const linksTo = async (slug: string, query = '') =>
      ((await request(onDatabase.testApp.server).get(`/api/skills${query}`).expect(200)).body as Category[])
        .flatMap((category) => category.skills)
        .filter((skill) => skill.projects.includes(slug));
    const content = (await first().get('/api/admin/content').expect(200)).body as object;
    const linked = await linksTo('tidewatch');
    expect(linked.length).toBeGreaterThan(0);

    await first().delete('/api/projects/tidewatch?draft=true').expect(204);
    const stored = await onDatabase.database.query<{ domain: string }>('SELECT json_object_keys(document) AS domain FROM content_drafts');
    expect(stored.map((row) => row.domain)).toEqual(['projects', 'skills']);
    const { token } = (await first().post('/api/admin/draft/preview-token').expect(200)).body as { token: string };
    expect(await linksTo('tidewatch', `?preview=${token}`)).toEqual([]);
    expect(await linksTo('tidewatch')).toEqual(linked);

    await first().post('/api/admin/draft/publish').expect(200);
    await request(onDatabase.testApp.server).get('/api/projects/tidewatch').expect(404);
    expect(await linksTo('tidewatch')).toEqual([]);
    await request(onDatabase.testApp.server)
      .put('/api/admin/content')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send(content)
      .expect(200);
  });

  it('stores of a list only the items it changed, with the list’s order', async () => {
    const projects = ((await first().get('/api/admin/content').expect(200)).body as { projects: { slug: string; title: string }[] })
      .projects;
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, stored alone' }).expect(200);
    const [stored] = await onDatabase.database.query<{ base: { title: string }[]; document: { title: string }[]; orders: object }>(
      `SELECT base->'projects' AS base, document->'projects' AS document, orders->'projects' AS orders FROM content_drafts`,
    );
    expect([stored.base.map((item) => item.title), stored.document.map((item) => item.title)]).toEqual([
      [projects.find((project) => project.slug === 'tidewatch')?.title],
      ['Tidewatch, stored alone'],
    ]);
    const slugs = projects.map((project) => project.slug);
    expect(stored.orders).toEqual({ base: slugs, draft: slugs });
    const { token } = (await first().post('/api/admin/draft/preview-token').expect(200)).body as { token: string };
    const previewed = (await request(onDatabase.testApp.server).get(`/api/projects?preview=${token}`).expect(200)).body as {
      slug: string;
      title: string;
    }[];
    expect(previewed.map((project) => project.slug)).toEqual(slugs);
    expect(previewed.find((project) => project.slug === 'tidewatch')?.title).toBe('Tidewatch, stored alone');
    await first().delete('/api/admin/draft').expect(204);
  });

  it('publishes a new item, a reorder and a delete in the draft’s order, every item as drafted', async () => {
    const content = (await first().get('/api/admin/content').expect(200)).body as { projects: { slug: string }[] };
    await first().post('/api/projects?draft=true').send({ title: 'Harbour Radar', description: 'Berth planning.' }).expect(201);
    await first()
      .patch('/api/projects/reorder?draft=true')
      .send({ order: [content.projects[3].slug, content.projects[0].slug] })
      .expect(200);
    await first().delete(`/api/projects/${content.projects[1].slug}?draft=true`).expect(204);
    const drafted = (await first().get('/api/admin/draft').expect(200)).body.document.projects as { slug: string }[];
    await first().post('/api/admin/draft/publish').expect(200);
    const listed = (await request(onDatabase.testApp.server).get('/api/projects').expect(200)).body as { slug: string }[];
    expect(listed.map((project) => project.slug)).toEqual(drafted.map((project) => project.slug));
    expect((await first().get('/api/admin/content').expect(200)).body.projects).toEqual(drafted);
    await first().put('/api/admin/content').send(content).expect(200);
  });

  it('does not take a direct write committed while a draft write runs for the draft’s change', async () => {
    const content = (await first().get('/api/admin/content').expect(200)).body as object;
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, drafted before' }).expect(200);
    // The history recorder has recorded what came before, so the next read of the projects is the draft write's.
    await onDatabase.historyRecorded();
    const projects = onDatabase.testApp.app.get(ContentDomainStores).of('projects');
    const exportPart = projects.exportPart.bind(projects);
    const exported = vi.spyOn(projects, 'exportPart').mockImplementationOnce(async () => {
      const published = await exportPart();
      // Another connection commits a direct write right after the draft write read the published projects.
      await onDatabase.database.query(`UPDATE projects SET title = 'Physio Planner, meanwhile' WHERE slug = 'physio-planner'`);
      return published;
    });
    await first().patch('/api/projects/ledger-lens?draft=true').send({ title: 'Ledger Lens, drafted during' }).expect(200);
    exported.mockRestore();
    const draft = (await first().get('/api/admin/draft').expect(200)).body as {
      changes: { id: string }[];
      document: { projects: { slug: string; title: string }[] };
    };
    expect(draft.changes.map((change) => change.id)).toEqual(['tidewatch', 'ledger-lens']);
    expect(draft.document.projects.find((project) => project.slug === 'physio-planner')?.title).toBe('Physio Planner, meanwhile');
    await first().delete('/api/admin/draft').expect(204);
    await first().put('/api/admin/content').send(content).expect(200);
  });

  it('does not undo a direct write made while a publish runs: the write waits for the publish, then lands', async () => {
    const content = (await first().get('/api/admin/content').expect(200)).body as object;
    await first().patch('/api/projects/tidewatch?draft=true').send({ title: 'Tidewatch, published' }).expect(200);
    const projects = onDatabase.testApp.app.get(ContentDomainStores).of('projects');
    const exportPart = projects.exportPart.bind(projects);
    let meanwhile: Promise<unknown> | undefined;
    const exported = vi.spyOn(projects, 'exportPart').mockImplementationOnce(async () => {
      const published = await exportPart();
      // Another connection writes right after the publish read the published projects it merges the draft with.
      meanwhile = onDatabase.database.query(`UPDATE projects SET title = 'Physio Planner, meanwhile' WHERE slug = 'physio-planner'`);
      // It waits for the publish's hold on the table (seen from a connection of its own: the test's is the one waiting).
      const watcher = new Client({ connectionString: onDatabase.database.url });
      await watcher.connect();
      try {
        await vi.waitFor(async () => {
          const waiting = await watcher.query(
            `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE projects SET title%'`,
          );
          expect(waiting.rows).toHaveLength(1);
        });
      } finally {
        await watcher.end();
      }
      return published;
    });
    await first().post('/api/admin/draft/publish').expect(200);
    exported.mockRestore();
    await meanwhile;
    const titles = new Map(
      ((await first().get('/api/admin/content').expect(200)).body.projects as { slug: string; title: string }[]).map((project) => [
        project.slug,
        project.title,
      ]),
    );
    expect([titles.get('tidewatch'), titles.get('physio-planner')]).toEqual(['Tidewatch, published', 'Physio Planner, meanwhile']);
    await first().put('/api/admin/content').send(content).expect(200);
  });

  it('refuses with 422 a publish whose skills would name a project it deletes, and keeps the draft', async () => {
    type Category = { id: string; skills: { id: string; projects: string[] }[] };
    const content = (await first().get('/api/admin/content').expect(200)).body as object;
    await first().delete('/api/projects/tidewatch?draft=true').expect(204);
    // A direct write meanwhile links a skill of a category the draft left alone to the project the draft deletes.
    const drafted = new Set(
      ((await first().get('/api/admin/draft').expect(200)).body.changes as { id: string }[]).map((change) => change.id),
    );
    const categories = (await request(onDatabase.testApp.server).get('/api/skills').expect(200)).body as Category[];
    const [untouched] = categories.find((category) => !drafted.has(category.id))!.skills;
    await first()
      .patch(`/api/skills/${untouched.id}`)
      .send({ projects: [...untouched.projects, 'tidewatch'] })
      .expect(200);

    const refused = await first().post('/api/admin/draft/publish').expect(422);
    expect(refused.body.detail).toEqual([expect.objectContaining({ type: 'value_error', msg: expect.stringContaining('tidewatch') })]);
    await first().get('/api/admin/draft').expect(200);
    await request(onDatabase.testApp.server).get('/api/projects/tidewatch').expect(200);
    await first().put('/api/admin/content').send(content).expect(200);
  });

  it('reads a draft an earlier version stored whole', async () => {
    const content = (await first().get('/api/admin/content').expect(200)).body as { awards: { id: string; title: string }[] };
    const [award] = content.awards;
    const drafted = { ...content, awards: [{ ...award, title: 'Drafted whole' }, ...content.awards.slice(1)] };
    await onDatabase.database.query('INSERT INTO content_drafts (id, base, document) VALUES (1, $1, $2)', [content, drafted]);
    const draft = (await first().get('/api/admin/draft').expect(200)).body;
    expect(draft.changes).toEqual([{ domain: 'awards', id: award.id, change: 'changed' }]);
    expect(draft.document.awards[0].title).toBe('Drafted whole');
  });

  it('drafts an import, a reorder and a delete, and a discard throws them away', async () => {
    const content = (await first().get('/api/admin/content').expect(200)).body as { projects: { slug: string; title: string }[] };
    const imported = content.projects.map((project, index) => (index === 0 ? { ...project, title: 'Imported title' } : project));
    await request(onDatabase.testApp.server)
      .put('/api/admin/content?draft=true')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ ...content, projects: imported })
      .expect(200);
    await first()
      .patch('/api/projects/reorder?draft=true')
      .send({ order: [content.projects[2].slug] })
      .expect(200);
    await first().delete(`/api/projects/${content.projects[1].slug}?draft=true`).expect(204);
    const draft = (await first().get('/api/admin/draft').expect(200)).body;
    const slugs = content.projects.map((project) => project.slug);
    expect(draft.document.projects.map((project: { slug: string }) => project.slug)).toEqual([slugs[2], slugs[0], ...slugs.slice(3)]);
    expect(draft.document.projects[1].title).toBe('Imported title');
    await first().delete('/api/admin/draft').expect(204);
    await first().get('/api/admin/draft').expect(404);
    const projects = (await request(onDatabase.testApp.server).get('/api/projects').expect(200)).body as { slug: string }[];
    expect(projects).toHaveLength(content.projects.length);
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
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  const publishRevisions = async (app: TestApp) =>
    ((await admin(app).get('/api/admin/content/revisions?limit=200').expect(200)).body as Revision[]).filter(
      (revision) => revision.source === 'publish',
    ).length;
  const awardTitles = async (app: TestApp) =>
    ((await request(app.server).get('/api/awards').expect(200)).body as { title: string }[]).map((award) => award.title);
  /** Once `at` has passed and every scheduled publish due by then has run, on whichever instance took its job. */
  const duePublishesRun = async (at: string | number) => {
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(new Date(at).getTime()), { timeout: 5_000, interval: 50 });
    await vi.waitFor(
      async () =>
        expect(
          await onDatabase.database.query(
            `SELECT id FROM pgboss.job WHERE name = 'draft-publish' AND start_after <= now() AND state NOT IN ('completed', 'cancelled', 'failed')`,
          ),
        ).toEqual([]),
      { timeout: 5_000, interval: 50 },
    );
  };

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
    await duePublishesRun(scheduled.body.scheduledAt as string);
    expect(await awardTitles(app)).not.toContain('Cancelled award');
    expect((await admin(app).get('/api/admin/draft').expect(200)).body.scheduledAt).toBeNull();
    await admin(app).delete('/api/admin/draft').expect(204);
  });

  it('publishes at the set time, once, however many instances run', async () => {
    const before = await publishRevisions(onDatabase.testApp);
    await admin(second).post('/api/awards?draft=true').send({ title: 'Scheduled award', organization: 'Org', year: '2026' }).expect(201);
    const at = inSeconds(1.5);
    await admin(second).post('/api/admin/draft/publish').send({ at }).expect(202);
    expect(await awardTitles(onDatabase.testApp)).not.toContain('Scheduled award');
    await vi.waitFor(async () => expect(await awardTitles(onDatabase.testApp)).toContain('Scheduled award'), {
      timeout: 8_000,
      interval: 100,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(Date.now() - new Date(at).getTime()).toBeLessThan(5_000);
    await vi.waitFor(async () => expect(await awardTitles(second)).toContain('Scheduled award'), { timeout: 2_000 });
    await admin(second).get('/api/admin/draft').expect(404);
    await vi.waitFor(async () => expect(await publishRevisions(onDatabase.testApp)).toBe(before + 1), { timeout: 5_000 });
    await duePublishesRun(Date.now());
    expect(await publishRevisions(onDatabase.testApp)).toBe(before + 1);
  });

  it('stops a scheduled publish the draft can no longer make, and the draft says why', async () => {
    type Category = { id: string; skills: { id: string; projects: string[] }[] };
    const app = onDatabase.testApp;
    const content = (await admin(app).get('/api/admin/content').expect(200)).body as object;
    const publish = vi.spyOn(app.app.get(DraftsService), 'publish');
    const secondPublish = vi.spyOn(second.app.get(DraftsService), 'publish');
    try {
      await admin(app).delete('/api/projects/tidewatch?draft=true').expect(204);
      // A direct write meanwhile links a skill of a category the draft left alone to the project the draft deletes.
      const drafted = new Set(
        ((await admin(app).get('/api/admin/draft').expect(200)).body.changes as { id: string }[]).map((change) => change.id),
      );
      const categories = (await request(app.server).get('/api/skills').expect(200)).body as Category[];
      const [untouched] = categories.find((category) => !drafted.has(category.id))!.skills;
      await admin(app)
        .patch(`/api/skills/${untouched.id}`)
        .send({ projects: [...untouched.projects, 'tidewatch'] })
        .expect(200);
      await admin(app)
        .post('/api/admin/draft/publish')
        .send({ at: inSeconds(1) })
        .expect(202);

      await vi.waitFor(async () => expect((await admin(app).get('/api/admin/draft').expect(200)).body.publishFailure).not.toBeNull(), {
        timeout: 5_000,
        interval: 100,
      });
      const { body: draft } = await admin(second).get('/api/admin/draft').expect(200);
      expect(draft.scheduledAt).toBeNull();
      expect(draft.publishFailure).toEqual({
        at: expect.any(String),
        issues: [expect.objectContaining({ type: 'value_error', msg: expect.stringContaining('tidewatch') })],
      });
      const tries = publish.mock.calls.length + secondPublish.mock.calls.length;
      await duePublishesRun(Date.now());
      expect(publish.mock.calls.length + secondPublish.mock.calls.length).toBe(tries);
      await request(app.server).get('/api/projects/tidewatch').expect(200);

      await admin(app)
        .post('/api/admin/draft/publish')
        .send({ at: inSeconds(60) })
        .expect(202);
      expect((await admin(app).get('/api/admin/draft').expect(200)).body.publishFailure).toBeNull();
    } finally {
      publish.mockRestore();
      secondPublish.mockRestore();
      await admin(app).delete('/api/admin/draft');
      await request(app.server).put('/api/admin/content').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(content).expect(200);
    }
  });

  it('publishes after a restart a schedule set before it', async () => {
    const other = await appOnDatabase();
    const app = other.testApp;
    await admin(app).post('/api/awards?draft=true').send({ title: 'Award after a restart', organization: 'Org', year: '2026' }).expect(201);
    const at = inSeconds(1);
    await admin(app).post('/api/admin/draft/publish').send({ at }).expect(202);
    await app.close();
    // No instance is up when the time comes.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(new Date(at).getTime() + 200), { timeout: 5_000, interval: 50 });
    const restarted = await createTestApp({
      env: { DATABASE_URL: other.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      await vi.waitFor(async () => expect(await awardTitles(restarted)).toContain('Award after a restart'), {
        timeout: 5_000,
        interval: 100,
      });
    } finally {
      await restarted.close();
      await other.database.drop();
    }
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
