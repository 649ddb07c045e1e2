import request from 'supertest';
import { DEMO_CONTENT } from '@/content';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { pdfText } from '@test/support/pdf-text';
import { createTestApp, type TestApp } from '@test/support/test-app';

const READS = [
  '/api/projects',
  '/api/projects/tidewatch',
  '/api/experience',
  '/api/experience?top=2',
  '/api/experience/0',
  '/api/skills',
  '/api/awards',
  '/api/certifications',
];

/** What identifies each item of a read, in order: the same whatever the language. */
const identities = (body: unknown): unknown =>
  (Array.isArray(body) ? body : [body]).map((item: { id?: string; slug?: string }) => item.slug ?? item.id);

const withLang = (path: string, lang: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

const readsInBothLanguages = (app: () => TestApp) => {
  it.each(READS)('%s: English and byte for byte as before without ?lang, Dutch where written with ?lang=nederlands', async (path) => {
    const http = request(app().server);
    const plain = await http.get(path).expect(200);
    const english = await http.get(withLang(path, 'english')).expect(200);
    const dutch = await http.get(withLang(path, 'nederlands')).expect(200);
    expect(english.text).toBe(plain.text);
    expect([plain.headers['content-language'], english.headers['content-language'], dutch.headers['content-language']]).toEqual([
      'en',
      'en',
      'nl',
    ]);
    expect(dutch.headers.etag).not.toBe(english.headers.etag);
    expect(identities(dutch.body)).toEqual(identities(english.body));
    await http.get(withLang(path, 'nederlands')).set('If-None-Match', dutch.headers.etag).expect(304);
    await http.get(withLang(path, 'nederlands')).set('If-None-Match', english.headers.etag).expect(200);
  });

  it('reads each field in Dutch where the owner wrote it and in English where not, field by field', async () => {
    const { body } = await request(app().server).get('/api/projects/tidewatch?lang=nederlands').expect(200);
    const tidewatch = DEMO_CONTENT.projects[0];
    expect(body).toMatchObject({
      title: 'Tidewatch',
      description: tidewatch.translations!.nederlands!.description,
      results: tidewatch.translations!.nederlands!.results,
      longDescription: tidewatch.longDescription,
      technologies: tidewatch.technologies,
    });
    expect(body).not.toHaveProperty('translations');
    const skills = (await request(app().server).get('/api/skills?lang=nederlands').expect(200)).body as { title: string }[];
    expect(skills.map(({ title }) => title)).toContain('Talen');
  });
};

describe('content in the visitor’s language, from the built-in data set', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { DATABASE_URL: undefined, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => app.close());

  readsInBothLanguages(() => app);
});

describe('content in the visitor’s language, on PostgreSQL', () => {
  let onDatabase: AppOnDatabase;
  const admin = () => ({
    post: (path: string, body: object) =>
      request(onDatabase.testApp.server).post(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(body),
    put: (path: string, body: object) =>
      request(onDatabase.testApp.server).put(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(body),
    patch: (path: string, body: object) =>
      request(onDatabase.testApp.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(body),
    get: (path: string) => request(onDatabase.testApp.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  });
  const dutchAward = async (id: string) =>
    ((await request(onDatabase.testApp.server).get('/api/awards?lang=nederlands').expect(200)).body as { id: string }[]).find(
      (award) => award.id === id,
    );

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());
  afterEach(async () => {
    await admin().put('/api/admin/content', DEMO_CONTENT).expect(200);
  });

  // What translations a write takes is its model's (src/awards/dto/create-award.dto.spec.ts); here, that nothing changes.
  it('refuses translations in a language it does not know with 422 at them, changing nothing', async () => {
    const id = DEMO_CONTENT.awards[0].id;
    const before = await dutchAward(id);
    const response = await admin()
      .patch(`/api/awards/${id}`, { translations: { francais: { title: 'Prix' } } })
      .expect(422);
    expect(response.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'translations']);
    expect(await dutchAward(id)).toEqual(before);
  });

  it('writes a Dutch CV from the Dutch texts', async () => {
    await admin().post('/api/admin/cv/nederlands/publish', {}).expect(200);
    const pdf = await request(onDatabase.testApp.server).get('/api/download-cv?lang=nederlands').expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('mrt 2023 – heden');
    expect(text).toContain('Senior softwareontwikkelaar');
    expect(text).not.toContain('Mar 2023 – Present');
    await request(onDatabase.testApp.server).delete('/api/admin/cv/nederlands').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(204);
  });
});
