import request from 'supertest';
import { ReadModel } from '@/read-model/read-model';
import { apiClient } from '@test/support/admin';
import { CREDLY_USER, LocalBadgeProviders } from '@test/support/badge-providers';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { DEMO } from '@test/support/demo';
import type { TestApp } from '@test/support/test-app';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

describe('admin writes of awards and certifications against PostgreSQL', () => {
  const providers = new LocalBadgeProviders();
  let onDatabase: AppOnDatabase;
  let testApp: TestApp;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    await providers.start();
    providers.reset();
    onDatabase = await appOnDatabase({ CREDLY_BASE_URL: providers.baseUrl, CREDLY_USERNAME: CREDLY_USER });
    ({ testApp } = onDatabase);
    api = apiClient(testApp);
  });
  afterAll(async () => {
    await onDatabase.close();
    await providers.stop();
  });

  const read = async (path: string) => (await request(testApp.server).get(path).expect(200)).body as { id: string; title: string }[];

  describe('awards', () => {
    it('creates an award last, with "" for what it leaves out', async () => {
      const created = await api('post', '/api/awards', { title: 'Speaker of the Year', organization: 'NLJUG', year: '2025' });
      expect(created.status).toBe(201);
      const awards = await read('/api/awards');
      expect(awards.at(-1)).toEqual({
        id: created.body.id,
        title: 'Speaker of the Year',
        organization: 'NLJUG',
        year: '2025',
        description: '',
        iconName: '',
        bgColor: '',
      });
    });

    it('PUT needs title, organization and year and resets the rest; PATCH changes what it is given', async () => {
      const id = DEMO.awards[0].id;
      const missing = await api('put', `/api/awards/${id}`, { title: 'Only a title' });
      expect(missing.body.detail.map((issue: { loc: string[] }) => issue.loc[1]).sort()).toEqual(['organization', 'year']);
      const replaced = await api('put', `/api/awards/${id}`, { title: 'T', organization: 'O', year: '2020' });
      expect(replaced.body).toEqual({ id, title: 'T', organization: 'O', year: '2020', description: '', iconName: '', bgColor: '' });
      const patched = await api('patch', `/api/awards/${id}`, { bgColor: '#000000' });
      expect(patched.body).toEqual({ ...replaced.body, bgColor: '#000000' });
      expect((await read('/api/awards'))[0]).toEqual(patched.body);
    });

    it('reorders by UUID and deletes; unknown ids are 404, malformed ones 422', async () => {
      const before = (await read('/api/awards')).map((award) => award.id);
      const reordered = await api('patch', '/api/awards/reorder', { order: [before.at(-1)] });
      expect(reordered.body.map((award: { id: string }) => award.id)).toEqual([before.at(-1), ...before.slice(0, -1)]);
      expect((await api('patch', '/api/awards/reorder', { order: [UNKNOWN_UUID] })).status).toBe(404);
      expect((await api('delete', `/api/awards/${before[0]}`)).status).toBe(204);
      expect((await read('/api/awards')).map((award) => award.id)).not.toContain(before[0]);
      for (const method of ['put', 'patch', 'delete'] as const) {
        expect((await api(method, `/api/awards/${UNKNOWN_UUID}`, { title: 'T', organization: 'O', year: '1' })).status).toBe(404);
        expect((await api(method, '/api/awards/not-a-uuid', {})).status).toBe(422);
      }
    });
  });

  describe('certifications', () => {
    it('creates a manual certification last, syncing it never, with links checked', async () => {
      const created = await api('post', '/api/certifications', {
        title: 'OSCP',
        link: 'https://www.offsec.com/verify',
        badgeImageUrl: null,
      });
      expect(created.status).toBe(201);
      expect((await read('/api/certifications')).at(-1)).toMatchObject({
        id: created.body.id,
        title: 'OSCP',
        source: 'manual',
        syncEnabled: true,
        link: 'https://www.offsec.com/verify',
        linkText: '',
        badgeImageUrl: null,
        issuedAt: null,
      });
      for (const body of [
        { title: 'X', link: 'javascript:alert(1)' },
        { title: 'X', badgeImageUrl: 'ftp://x.example/a.png' },
        { title: 'X', issuedAt: 'yesterday' },
        // Found by fuzzing: isURL takes these, the description's `format: uri` does not.
        { title: 'X', link: 'https://x.example/ü' },
        { title: 'X', link: 'https://x.example/"quoted"' },
        { title: 'X', badgeImageUrl: 'https://x.example/a|b.png' },
        { title: 'X', link: 'https://x.example/%zz' },
        { title: 'X', link: 'https://x.example/#a#b' },
      ]) {
        expect([body, (await api('post', '/api/certifications', body)).status]).toEqual([body, 422]);
      }
      expect((await api('post', '/api/certifications', { title: 'No link', link: '' })).status).toBe(201);
      // Found by fuzzing: the export declared link as a URI, which "" is not (the recorder checks the answer against the description).
      expect((await api('get', '/api/admin/content')).status).toBe(200);
      expect(testApp.contractViolations()).toEqual([]);
      expect((await api('post', '/api/certifications', { title: 'Encoded', link: 'https://x.example/%C3%BC' })).status).toBe(201);
    });

    it("keeps an owner's edit of a synced certification through the next sync", async () => {
      const announced = vi.spyOn(testApp.app.get(ReadModel), 'announced');
      await request(testApp.server).post('/api/admin/sync-certifications').expect(200);
      // The sync's change is echoed with its write id, as every write's is, so this instance does not hear it as news.
      await vi.waitFor(() => expect(announced).toHaveBeenCalledWith('certifications', expect.any(String)), { timeout: 2_000 });
      expect(announced).not.toHaveBeenCalledWith('certifications', undefined);
      announced.mockRestore();
      const synced = (await read('/api/certifications')).find((entry) => entry.title === 'Certified Kubernetes Administrator (CKA)')!;
      const edited = await api('patch', `/api/certifications/${synced.id}`, { title: 'CKA (renewed)' });
      expect(edited.body).toMatchObject({ title: 'CKA (renewed)', source: 'credly', syncEnabled: false });
      const summary = await request(testApp.server).post('/api/admin/sync-certifications').expect(200);
      expect(summary.body.credly).toBe(2);
      expect((await read('/api/certifications')).find((entry) => entry.id === synced.id)).toMatchObject({ title: 'CKA (renewed)' });
    });

    it('lets the owner keep a synced entry syncing, and leaves a manual entry as it is', async () => {
      const synced = (await read('/api/certifications')).find((entry) => entry.title.startsWith('HashiCorp'))!;
      expect((await api('patch', `/api/certifications/${synced.id}`, { linkText: 'Check', syncEnabled: true })).body.syncEnabled).toBe(
        true,
      );
      const manual = DEMO.certifications.find((entry) => entry.source === 'manual')!;
      expect((await api('put', `/api/certifications/${manual.id}`, { title: 'Renamed' })).body).toMatchObject({
        title: 'Renamed',
        source: 'manual',
        syncEnabled: true,
        description: '',
        link: '',
      });
    });

    it('reorders and deletes, with 404 and 422 as for the other lists', async () => {
      const before = (await read('/api/certifications')).map((entry) => entry.id);
      expect((await api('patch', '/api/certifications/reorder', { order: [before[2], before[0]] })).status).toBe(200);
      expect((await read('/api/certifications')).map((entry) => entry.id).slice(0, 2)).toEqual([before[2], before[0]]);
      expect((await api('delete', `/api/certifications/${before[1]}`)).status).toBe(204);
      expect((await api('delete', `/api/certifications/${before[1]}`)).status).toBe(404);
      expect((await api('patch', '/api/certifications/x', {})).status).toBe(422);
    });
  });
});
