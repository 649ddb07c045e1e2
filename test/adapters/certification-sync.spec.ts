import { CertificationsService } from '@/certifications/certifications.service';
import { CertificationSyncService } from '@/certifications/sync/certification-sync.service';
import { CREDLY_USER, LocalBadgeProviders, MS_LEARN_SHARE } from '@test/support/badge-providers';
import { contentWritesOf } from '@test/support/content-writes';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { echoedWithItsWriteId } from '@test/support/write-echoes';

interface CertificationRow {
  id: string;
  title: string;
  source: string;
  external_id: string | null;
  sort_order: number;
  sync_enabled: boolean;
  updated_at: Date;
  issued_at: Date | null;
  expires_at: Date | null;
  badge_image_url: string | null;
  link: string;
  description: string;
}

/** The sync against local stand-ins of the three providers, on PostgreSQL: the rows it writes, keeps and leaves alone. */
describe('certification sync from Credly, Microsoft Learn and Open Badges', () => {
  const providers = new LocalBadgeProviders();
  let database: TestDatabase;
  let testApp: TestApp;

  beforeAll(async () => {
    await providers.start();
    database = await createTestDatabase();
    const { embedded, linked, broken } = providers.assertionUrls;
    testApp = await createTestApp({
      env: {
        DATABASE_URL: database.url,
        CREDLY_BASE_URL: providers.baseUrl,
        CREDLY_USERNAME: CREDLY_USER,
        MS_LEARN_BASE_URL: providers.baseUrl,
        MS_LEARN_SHARE_ID: MS_LEARN_SHARE,
        OPEN_BADGES_ASSERTION_URLS: `${embedded}, ${linked},${broken}`,
        // Short, so the test of a provider that never answers does not sit out the 10 s of production.
        BADGE_PROVIDER_TIMEOUT_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await database.drop();
    await providers.stop();
  });
  beforeEach(async () => {
    providers.reset();
    await database.query(`DELETE FROM certifications WHERE source <> 'manual'`);
  });

  /** A sync as its route runs it: through the one path of content writes, by nobody (the route takes no bearer). */
  const sync = () => contentWritesOf(testApp.app)(() => testApp.app.get(CertificationSyncService).sync(), { actor: null });
  const rows = (where = `source <> 'manual'`) =>
    database.query<CertificationRow>(`SELECT * FROM certifications WHERE ${where} ORDER BY sort_order`);
  const brokenAssertion = () => ({ provider: 'openbadges', detail: 'assertion 3: answered 500' });

  it('creates every badge, following Credly pages and a linked BadgeClass, after the existing rows', async () => {
    const manual = await rows(`source = 'manual'`);
    const summary = await sync();
    expect(summary).toEqual({ credly: 3, microsoft_learn: 2, openbadges: 2, errors: [brokenAssertion()] });
    expect(providers.requests).toContain(`/users/${CREDLY_USER}/badges.json?page=2`);

    const synced = await rows();
    expect(synced.map((row) => [row.source, row.title])).toEqual([
      ['credly', 'Certified Kubernetes Administrator (CKA)'],
      ['credly', 'HashiCorp Certified: Terraform Associate (003)'],
      ['credly', 'AWS Certified Solutions Architect – Associate'],
      ['microsoft_learn', 'Microsoft Certified: Azure Developer Associate'],
      ['microsoft_learn', 'Microsoft Certified: DevOps Engineer Expert'],
      ['openbadges', 'Professional Scrum Developer I'],
      ['openbadges', 'Green Software Practitioner'],
    ]);
    expect(synced[0].sort_order).toBeGreaterThan(Math.max(...manual.map((row) => row.sort_order)));
    expect(synced[0]).toMatchObject({
      external_id: '0a1b2c3d-0000-4000-8000-000000000001',
      link: 'https://www.credly.com/badges/0a1b2c3d-0000-4000-8000-000000000001',
      issued_at: new Date('2024-02-11T14:12:44.000Z'),
      expires_at: new Date('2027-02-11T05:00:00.000Z'),
      sync_enabled: true,
    });
    expect(synced[0].description).toContain('Issued by The Linux Foundation.');
    expect(synced[3]).toMatchObject({ external_id: 'H591-2044', issued_at: new Date('2024-03-02T00:00:00Z') });
    expect(synced[6]).toMatchObject({
      external_id: providers.assertionUrls.linked,
      link: providers.assertionUrls.linked,
      badge_image_url: `${providers.baseUrl}/openbadges/images/green-software.png`,
      description: 'Principles of building carbon-efficient software. Issued by Green Software Foundation.',
    });
    expect(await rows(`source = 'manual'`)).toEqual(manual);

    const listed = await testApp.app.get(CertificationsService).findAll();
    expect(listed.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Green Software Practitioner', 'Microsoft Certified: DevOps Engineer Expert']),
    );
  });

  it('is recorded in the content history as the sync', async () => {
    await database.query(`UPDATE certifications SET title = 'Renamed by hand' WHERE source = 'credly'`);
    await sync();
    const revision = await vi.waitFor(async () => {
      const [{ source, domains }] = await database.query<{ source: string; domains: string[] }>(
        'SELECT source, domains FROM content_revisions ORDER BY id DESC LIMIT 1',
      );
      if (source !== 'sync') throw new Error(`the newest revision is by ${source}`);
      return { source, domains };
    });
    expect(revision).toEqual({ source: 'sync', domains: ['certifications'] });
  });

  it("announces the sync's change with its write's id, so that the instance that made it knows the echo as its own", () =>
    echoedWithItsWriteId(testApp.app, 'certifications', sync));

  it('changes nothing on a second sync and reports the same counts', async () => {
    const first = await sync();
    const before = await rows();
    expect(await sync()).toEqual(first);
    expect(await rows()).toEqual(before);
  });

  it('updates a changed badge in place, keeping its id and sort order', async () => {
    await sync();
    const [before] = await rows(`external_id = '0a1b2c3d-0000-4000-8000-000000000002'`);
    providers.credlyBadges[1] = {
      ...providers.credlyBadges[1],
      name: 'HashiCorp Certified: Terraform Associate (004)',
      expiresAt: '2027-09-04T00:00:00.000-05:00',
    };
    await sync();
    const [after] = await rows(`external_id = '0a1b2c3d-0000-4000-8000-000000000002'`);
    expect(after).toMatchObject({
      id: before.id,
      sort_order: before.sort_order,
      title: 'HashiCorp Certified: Terraform Associate (004)',
      expires_at: new Date('2027-09-04T05:00:00.000Z'),
    });
    expect((await rows(`source = 'credly'`)).length).toBe(3);
  });

  it('never touches a row with sync_enabled false, and does not count it', async () => {
    await sync();
    await database.query(`UPDATE certifications SET sync_enabled = false, title = 'My own wording' WHERE external_id = 'H591-2044'`);
    const [locked] = await rows(`external_id = 'H591-2044'`);
    const summary = await sync();
    expect(summary.microsoft_learn).toBe(1);
    expect(await rows(`external_id = 'H591-2044'`)).toEqual([locked]);
  });

  it.each([
    ['a non-2xx answer', 'status', 'answered 503'],
    ['invalid JSON', 'invalid-json', 'answered with invalid JSON'],
  ] as const)('skips Credly on %s, reports it without its URL, and still syncs the others', async (_, failure, detail) => {
    providers.credlyFailure = failure;
    const summary = await sync();
    expect(summary).toEqual({
      credly: 0,
      microsoft_learn: 2,
      openbadges: 2,
      errors: [{ provider: 'credly', detail }, brokenAssertion()],
    });
    expect(await rows(`source = 'credly'`)).toEqual([]);
  });

  it('skips Microsoft Learn when its transcript fails, keeping the rows it synced before', async () => {
    await sync();
    const before = await rows(`source = 'microsoft_learn'`);
    providers.msLearnFailure = 'status';
    const summary = await sync();
    expect(summary.microsoft_learn).toBe(0);
    expect(summary.errors).toContainEqual({ provider: 'microsoft_learn', detail: 'answered 502' });
    expect(await rows(`source = 'microsoft_learn'`)).toEqual(before);
  });

  it('finishes within its time-out (BADGE_PROVIDER_TIMEOUT_MS) when a provider accepts the request and never answers', async () => {
    providers.msLearnFailure = 'hang';
    const summary = await sync();
    expect(summary).toMatchObject({ credly: 3, microsoft_learn: 0, openbadges: 2 });
    expect(summary.errors).toContainEqual({ provider: 'microsoft_learn', detail: 'no answer within 1 s' });
  });
});
