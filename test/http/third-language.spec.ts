import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { pdfText } from '@test/support/pdf-text';

// The one list of languages, with a third entry: nothing else is edited for it.
vi.mock('@/content/language-list', () => ({ LANGUAGE_LIST: { english: 'en', nederlands: 'nl', deutsch: 'de' } }));

describe('a third language, added as one entry to the list of languages', () => {
  let onDatabase: AppOnDatabase;
  const http = () => request(onDatabase.testApp.server);
  const asAdmin = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ FEATURE_CV_GENERATION: 'true' });
  });
  afterAll(() => onDatabase.close());

  it('reads every public list with ?lang=deutsch: Content-Language de, English where nothing is written in German', async () => {
    for (const path of ['/api/projects', '/api/experience', '/api/skills', '/api/awards', '/api/certifications']) {
      const english = await http().get(path).expect(200);
      const german = await http().get(`${path}?lang=deutsch`).expect(200);
      expect(german.headers['content-language']).toBe('de');
      expect(german.body).toEqual(english.body);
    }
  });

  it('writes a German CV from the German texts, under the English labels until German ones are written', async () => {
    await asAdmin(http().patch('/api/profile'))
      .send({ headline: { deutsch: 'Backend-Entwicklerin' } })
      .expect(200);
    const pdf = await asAdmin(http().patch('/api/cv/generate')).send({ lang: 'deutsch' }).expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Backend-Entwicklerin');
    expect(text).toContain('WORK EXPERIENCE');
    const { body: counts } = await asAdmin(http().get('/api/metrics/cv-downloads')).expect(200);
    expect(counts.byLocale).toEqual({ english: 0, nederlands: 0, deutsch: 0 });
  });
});
