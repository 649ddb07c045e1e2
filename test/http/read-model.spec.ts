import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { DEMO } from '@test/support/demo';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { AwardsService } from '@/awards/awards.service';
import { ProjectsService } from '@/projects/projects.service';
import { ReadModel } from '@/read-model/read-model';
import { TcpProxy } from '@bench/http/tcp-proxy';
import { holdCalls } from '@test/support/held-calls';
import { createTestApp, type TestApp } from '@test/support/test-app';

/** A GET that leaves the body as it crossed the wire (supertest would decompress it). */
function rawGet(server: Server, path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the read model: prepared bodies, ETags and encodings', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterAll(() => testApp.close());

  const http = () => request(testApp.server);
  const raw = (headers: Record<string, string>) => rawGet(testApp.app.getHttpServer(), '/api/skills', headers);

  it('answers with a strong ETag, revalidating Cache-Control and Vary: Accept-Encoding', async () => {
    const response = await http().get('/api/projects').expect(200);
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toHaveLength(DEMO.projects.length);
  });

  // Which validators and encodings pick which answer is the prepared body's (src/read-model/prepared-body.spec.ts).
  it.each<[string, (etag: string) => string, number]>([
    ['the same ETag', (etag: string) => etag, 304],
    ['another ETag', () => '"not-the-current-one"', 200],
  ])('answers If-None-Match with %s with %i', async (_, ifNoneMatch, status) => {
    const { etag } = (await http().get('/api/projects/tidewatch').expect(200)).headers as { etag: string };
    const response = await http().get('/api/projects/tidewatch').set('If-None-Match', ifNoneMatch(etag)).expect(status);
    expect(response.headers.etag).toBe(etag);
    if (status === 304) expect(response.text ?? '').toBe('');
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ])('picks the variant for Accept-Encoding: %s', async (acceptEncoding, encoding, decode) => {
    const plain = await raw({ 'Accept-Encoding': 'identity' });
    const response = await raw({ 'Accept-Encoding': acceptEncoding });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(decode(response.body).toString()).toBe(plain.body.toString());
    expect(JSON.parse(plain.body.toString())).toHaveLength(5);
    expect(response.headers.etag).toBe(plain.headers.etag);
  });

  it('answers an unknown slug and a missing index with 404', async () => {
    expect((await http().get('/api/projects/no-such-project').expect(404)).body).toEqual({
      detail: expect.stringContaining('no-such-project'),
    });
    await http().get('/api/experience/99').expect(404);
    expect((await http().get('/api/experience?top=2').expect(200)).body).toHaveLength(2);
    expect((await http().get('/api/experience?top=0').expect(200)).body).toEqual([]);
  });

  describe('keyed by route and validated parameters (audit, round three, item 8)', () => {
    const footprint = () => testApp.app.get(ReadModel).footprint();

    it('prepares ?top=1 once, whatever spelling, unknown parameter or length of URL asks for it', async () => {
      const first = await http().get('/api/experience?top=1').expect(200);
      const before = footprint();
      for (const url of ['/api/experience?top=01', '/api/experience?top=1&utm_source=x', `/api/experience?top=1&pad=${'x'.repeat(600)}`]) {
        const response = await http().get(url).expect(200);
        expect(response.headers.etag).toBe(first.headers.etag);
      }
      expect(footprint()).toEqual(before);
    });

    it('counts a top beyond every portfolio as them all: one more answer, no more bytes', async () => {
      const all = await http().get('/api/experience').expect(200);
      const before = footprint();
      for (const top of [5_000, 5_001, 123_456_789, 999_999_999_999_999]) {
        expect((await http().get(`/api/experience?top=${top}`).expect(200)).headers.etag).toBe(all.headers.etag);
      }
      expect(footprint()).toEqual({ ...before, answers: before.answers + 1 });
    });

    it("answers no more from the changed domain's answers, and from the others still", async () => {
      await http().get('/api/skills').expect(200);
      await http().get('/api/projects').expect(200);
      const readModel = testApp.app.get(ReadModel);
      readModel.invalidate('projects');
      expect(readModel.answerTo('/api/skills')).toBeDefined();
      expect(readModel.answerTo('/api/projects')).toBeUndefined();
    });
  });
});

describe('the read model within READ_MODEL_MAX_BYTES', () => {
  let testApp: TestApp;
  const MAX_BYTES = 6_000;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false', READ_MODEL_MAX_BYTES: String(MAX_BYTES) } });
  });
  afterAll(() => testApp.close());

  it('keeps at most that many bytes of prepared answers, and still answers every read', async () => {
    for (let top = 0; top <= DEMO.experience.length; top += 1) await request(testApp.server).get(`/api/experience?top=${top}`).expect(200);
    for (const slug of DEMO.projects.map((project) => project.slug)) await request(testApp.server).get(`/api/projects/${slug}`).expect(200);
    const { bytes, answers } = testApp.app.get(ReadModel).footprint();
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(answers).toBeGreaterThan(0);
  });
});

describe('the read model across instances on one database', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let writer: TestApp;
  let reader: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(database.url).port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    const env = { API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' };
    writer = await createTestApp({ env: { ...env, DATABASE_URL: database.url } });
    reader = await createTestApp({ env: { ...env, DATABASE_URL: throughProxy.toString() } });
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
    await proxy.cut();
    await database.drop();
  });

  const titleOn = async (app: TestApp, slug: string) =>
    ((await request(app.server).get(`/api/projects/${slug}`).expect(200)).body as { title: string }).title;
  const rename = (slug: string, title: string) =>
    request(writer.server).patch(`/api/projects/${slug}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ title }).expect(200);
  const awardsOn = async (app: TestApp) =>
    (await request(app.server).get('/api/awards').expect(200)).body as { id: string; title: string }[];
  const renameAward = (id: string, title: string) =>
    request(writer.server).patch(`/api/awards/${id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ title }).expect(200);

  it('serves a change made by SQL typed by hand on every instance within 2 seconds', async () => {
    const awardTitles = async (app: TestApp) => (await awardsOn(app)).map((award) => award.title);
    const before = await awardTitles(reader);
    expect(await awardTitles(writer)).toEqual(before);
    await database.query('UPDATE awards SET sort_order = -sort_order');
    const reversed = [...before].reverse();
    await vi.waitFor(async () => expect([await awardTitles(reader), await awardTitles(writer)]).toEqual([reversed, reversed]), {
      timeout: 2_000,
    });
  });

  it('shows a write on one instance at once there and, through NOTIFY, on the other', async () => {
    expect(await titleOn(reader, 'tidewatch')).toBe('Tidewatch');
    expect(await titleOn(writer, 'tidewatch')).toBe('Tidewatch');
    await rename('tidewatch', 'Tidewatch 2');
    expect(await titleOn(writer, 'tidewatch')).toBe('Tidewatch 2');
    await vi.waitFor(async () => expect(await titleOn(reader, 'tidewatch')).toBe('Tidewatch 2'), { timeout: 3_000 });
    const cards = (await request(reader.server).get('/api/projects').expect(200)).body as { title: string }[];
    expect(cards.map((card) => card.title)).toContain('Tidewatch 2');
  });

  it('sends a busy answer as it was while it is prepared again after a write, and answers the write once it is ready', async () => {
    const [award] = await awardsOn(writer);
    const prepared = holdCalls(writer.app.get(AwardsService), 'findAll');
    try {
      let answered = false;
      const write = renameAward(award.id, 'Renamed while read').then(() => (answered = true));
      await vi.waitFor(() => expect(prepared.calls).toHaveBeenCalledTimes(1));
      expect((await awardsOn(writer))[0].title).toBe(award.title);
      expect(answered).toBe(false);
      prepared.release();
      await write;
      expect((await awardsOn(writer))[0].title).toBe('Renamed while read');
      expect(prepared.calls).toHaveBeenCalledTimes(1);
    } finally {
      prepared.restore();
    }
  });

  it('prepares a busy answer again as soon as it hears of a change made elsewhere, sending the one before meanwhile', async () => {
    // The write of the test before is heard first, and prepared again without being held.
    const [award] = await vi.waitFor(async () => {
      const awards = await awardsOn(reader);
      expect(awards[0].title).toBe((await awardsOn(writer))[0].title);
      return awards;
    });
    const prepared = holdCalls(reader.app.get(AwardsService), 'findAll');
    try {
      await renameAward(award.id, 'Renamed elsewhere');
      // Nobody asked the reader: it heard of the change.
      await vi.waitFor(() => expect(prepared.calls).toHaveBeenCalledTimes(1));
      expect((await awardsOn(reader))[0].title).toBe(award.title);
      prepared.release();
      await vi.waitFor(async () => expect((await awardsOn(reader))[0].title).toBe('Renamed elsewhere'));
      expect(prepared.calls).toHaveBeenCalledTimes(1);
    } finally {
      prepared.restore();
    }
  });

  it('rebuilds everything after its listener reconnects, so a change it missed still shows', async () => {
    expect(await titleOn(reader, 'ledger-lens')).toBe('Ledger Lens');
    await proxy.cut();
    await rename('ledger-lens', 'Ledger Lens (missed)');
    // The reader keeps serving what it prepared while its database is away.
    expect(await titleOn(reader, 'ledger-lens')).toBe('Ledger Lens');
    await proxy.restore();
    await vi.waitFor(async () => expect(await titleOn(reader, 'ledger-lens')).toBe('Ledger Lens (missed)'), { timeout: 8_000 });
  });

  it('answers a read it heard was changed with its last answer, revalidating, while its database is away', async () => {
    // After the reconnect above, the answer from before it may stand in while its renewal is prepared: the current one is wanted.
    const before = await vi.waitFor(
      async () => {
        const answer = await request(reader.server).get('/api/projects/tidewatch').expect(200);
        expect(answer.body.navigation.next.title).toBe('Ledger Lens (missed)');
        return answer;
      },
      { timeout: 3_000 },
    );
    const prepared = holdCalls(reader.app.get(ProjectsService), 'findDetail');
    try {
      await rename('tidewatch', 'Tidewatch 3');
      // It heard of the change: the database goes away before the new answer is prepared.
      const tidewatch = () => prepared.calls.mock.calls.findIndex(([slug]) => slug === 'tidewatch');
      await vi.waitFor(() => expect(tidewatch()).toBeGreaterThanOrEqual(0));
      await proxy.cut();
      prepared.release();
      await expect(prepared.calls.mock.results[tidewatch()].value).rejects.toThrow();
      const during = await request(reader.server).get('/api/projects/tidewatch').expect(200);
      expect(during.body).toEqual(before.body);
      expect(during.headers.etag).toBe(before.headers.etag);
      expect(during.headers['cache-control']).toBe('public, no-cache');
    } finally {
      prepared.restore();
    }
    await proxy.restore();
    await vi.waitFor(async () => expect(await titleOn(reader, 'tidewatch')).toBe('Tidewatch 3'), { timeout: 8_000 });
  });
});
