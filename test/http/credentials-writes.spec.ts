import { apiClient } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';

// Each list's write rules are the service tier's (test/service/content-writes.service.spec.ts), a sync's the adapter tier's;
// the links' rules are their decorators' (src/common/validation/validation.decorators.spec.ts). Here, what the edge and the description make of them.
describe('certifications written against PostgreSQL, as the description declares them', () => {
  let onDatabase: AppOnDatabase;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    api = apiClient(onDatabase.testApp);
  });
  afterAll(() => onDatabase.close());

  it('refuses links the description would not take with 422, and exports those it took within the description', async () => {
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
    expect(onDatabase.testApp.contractViolations()).toEqual([]);
    expect((await api('post', '/api/certifications', { title: 'Encoded', link: 'https://x.example/%C3%BC' })).status).toBe(201);
  });
});
