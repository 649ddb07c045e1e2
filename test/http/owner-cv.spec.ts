import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, type Socket } from 'node:net';
import request from 'supertest';
import { DEMO_CONTENT } from '@/content';
import { STALLED_ANSWER_TIMEOUT_MS } from '@/common/http/service-http-adapter';
import { CvDocumentsRepository } from '@/cv/persistence/cv-documents.repository';
import { ADMIN_TOKEN } from '@test/support/admin';
import { MINIMAL_PDF, pdfText } from '@test/support/pdf-text';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { twoInstances, type TwoInstances } from '@test/support/two-instances';

/** A PDF of the owner's own (not rendered here): what an upload keeps as sent. */
const OWN_PDF = MINIMAL_PDF;
const OWNER = { ...DEMO_CONTENT, profile: { ...DEMO_CONTENT.profile!, name: 'Joris de Vries' } };

describe("the owner's CV is the download", () => {
  let first: TestApp;
  let second: TestApp;
  let instances: TwoInstances;

  beforeAll(async () => {
    instances = await twoInstances();
    ({ first, second } = instances);
  });
  afterAll(() => instances.close());

  const admin = (app: TestApp) => ({
    get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    put: (path: string) => request(app.server).put(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    post: (path: string) => request(app.server).post(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    delete: (path: string) => request(app.server).delete(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  });
  const download = (app: TestApp, lang: string) => request(app.server).get(`/api/download-cv?lang=${lang}`); // a PDF body is a Buffer
  const upload = (app: TestApp, lang: string, pdf: Buffer, type = 'application/pdf') =>
    admin(app).put(`/api/admin/cv/${lang}`).set('Content-Type', type).send(pdf);
  const served = async (app: TestApp) => (await admin(app).get('/api/admin/cv').expect(200)).body as { lang: string; source: string }[];
  const putContent = (content: object) => admin(first).put('/api/admin/content').send(content).expect(200);

  afterEach(async () => {
    for (const lang of ['english', 'nederlands']) await admin(first).delete(`/api/admin/cv/${lang}`);
    await putContent(DEMO_CONTENT);
  });

  it('serves the shipped demo CVs with the demo content, with an ETag and 304', async () => {
    expect((await served(first)).map(({ lang, source }) => [lang, source])).toEqual([
      ['english', 'shipped'],
      ['nederlands', 'shipped'],
    ]);
    const response = await download(first, 'english').expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(response.body as Buffer)).toContain('Mara Jansen');
    await request(first.server).get('/api/download-cv?lang=english').set('If-None-Match', response.headers.etag).expect(304);
  });

  it('never hands out the demo CV once the content is the owner’s', async () => {
    await putContent(OWNER);
    await download(first, 'english').expect(404);
    expect((await served(second)).map(({ source }) => source)).toEqual(['none', 'none']);
    await request(first.server).patch('/api/download-cv').send({ lang: 'english' }).expect(404);
  });

  it('serves an uploaded PDF as sent, on every instance, until it is deleted', async () => {
    const uploaded = await upload(first, 'english', OWN_PDF).expect(200);
    expect(uploaded.body).toEqual({
      lang: 'english',
      source: 'upload',
      bytes: OWN_PDF.length,
      updatedAt: expect.any(String),
      renderedFrom: null,
      current: null,
    });
    const fromSecond = await download(second, 'english').expect(200);
    expect(Buffer.compare(fromSecond.body as Buffer, OWN_PDF)).toBe(0);
    expect(fromSecond.headers['content-disposition']).toBe('attachment; filename="cv-english.pdf"');
    await request(second.server).get('/api/download-cv?lang=english').set('If-None-Match', fromSecond.headers.etag).expect(304);
    await putContent(OWNER);
    expect(Buffer.compare((await download(first, 'english').expect(200)).body as Buffer, OWN_PDF)).toBe(0);
    await admin(second).delete('/api/admin/cv/english').expect(204);
    await admin(second).delete('/api/admin/cv/english').expect(404);
    await download(first, 'english').expect(404);
  });

  it('serves a stored CV from one shared copy, and answers a conditional download 304 before reading or counting it', async () => {
    const pdf = Buffer.concat([OWN_PDF, Buffer.from(`%${randomUUID()}\n`)]); // bytes no earlier case served
    await upload(first, 'english', pdf).expect(200);
    const reads = vi.spyOn(first.app.get(CvDocumentsRepository), 'pdf');
    const counted = async () => ((await admin(first).get('/api/metrics/cv-downloads').expect(200)).body as { total: number }).total;
    const before = await counted();
    const downloads = await Promise.all([1, 2, 3].map(() => download(first, 'english').expect(200)));
    expect(downloads.map(({ body }) => Buffer.compare(body as Buffer, pdf))).toEqual([0, 0, 0]);
    expect(reads).toHaveBeenCalledTimes(1);

    const etag = downloads[0].headers.etag;
    await request(first.server)
      .get('/api/download-cv?lang=english')
      .set('If-None-Match', etag)
      .set('Cache-Control', 'no-cache')
      .expect(304);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await counted()).toBe(before + 3);
    reads.mockRestore();
  });

  it('ends a download its client stopped reading once it made no progress for the time-out', async () => {
    const large = Buffer.concat([OWN_PDF, Buffer.alloc(4 * 1024 * 1024)]);
    await upload(first, 'english', large).expect(200);
    const server = first.app.getHttpServer();
    expect(server.timeout).toBe(STALLED_ANSWER_TIMEOUT_MS);
    server.setTimeout(500);
    try {
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const accepted = once(server, 'connection') as Promise<[Socket]>;
      const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
      client.pause(); // reads nothing of the answer
      client.write('GET /api/download-cv?lang=english HTTP/1.1\r\nHost: x\r\n\r\n');
      const [socket] = await accepted;
      const closed = once(socket, 'close');
      await expect(Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000))])).resolves.not.toBe(
        'still open',
      );
      client.destroy();
    } finally {
      server.setTimeout(STALLED_ANSWER_TIMEOUT_MS);
    }
  });

  it('checks an upload: credential first, then a PDF of at most 5 MB', async () => {
    await request(first.server).put('/api/admin/cv/english').set('Content-Type', 'application/pdf').send(OWN_PDF).expect(401);
    expect((await upload(first, 'english', Buffer.from('{"a":1}'), 'text/plain').expect(415)).body).toEqual({
      detail: 'A CV is uploaded as application/pdf',
    });
    expect((await upload(first, 'english', Buffer.from('not a pdf at all')).expect(422)).body.detail[0]).toMatchObject({
      loc: ['body'],
      type: 'pdf_invalid',
    });
    await admin(first).put('/api/admin/cv/english').expect(422);
    const large = Buffer.concat([OWN_PDF, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(first, 'english', large).expect(413)).body).toEqual({ detail: 'Request body exceeds the 5 MB limit' });
    await upload(first, 'klingon', OWN_PDF).expect(422);
    expect((await served(first)).map(({ source }) => source)).toEqual(['shipped', 'shipped']);
  });
});

describe("the owner's CV without a database", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ env: { DATABASE_URL: undefined, API_ADMIN_TOKEN: ADMIN_TOKEN } });
  });
  afterAll(() => app.close());

  it('answers the writes 503 after the credential, and says the shipped files are served', async () => {
    const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    await request(app.server).put('/api/admin/cv/english').set('Content-Type', 'application/pdf').send(OWN_PDF).expect(401);
    await request(app.server).put('/api/admin/cv/english').set(auth).set('Content-Type', 'application/pdf').send(OWN_PDF).expect(503);
    await request(app.server).delete('/api/admin/cv/english').set(auth).expect(503);
    const served = await request(app.server).get('/api/admin/cv').set(auth).expect(200);
    expect(served.body.map(({ source }: { source: string }) => source)).toEqual(['shipped', 'shipped']);
  });
});
