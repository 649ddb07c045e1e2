import { call, READ_ONLY, seenWithin2s } from './stack';

interface ContentDocument {
  profile: { name: string } | null;
  projects: { slug: string }[];
  awards: { id: string; title: string }[];
}

type Award = { id: string; title: string };
const firstAwardTitle = async () => ((await (await call('/api/awards')).json()) as Award[])[0].title;

/**
 * What the owner does in the explorer: a round of writes on every kind of change, an export and
 * its import, and everything put back as it was, so the suite can run again on the same stack.
 * What visitors read after a write is read as any deployment promises it, within 2 s: the stack
 * may be several instances with a cache in front.
 */
describe('the owner', () => {
  let original: ContentDocument;
  const slug = `e2e-${Date.now()}`;

  beforeAll(async () => {
    const exported = await call('/api/admin/content', { admin: true });
    expect(exported.status).toBe(200);
    original = (await exported.json()) as ContentDocument;
  });
  afterAll(async () => {
    expect((await call('/api/admin/content', { method: 'PUT', admin: true, json: original })).status).toBe(200);
  });

  it('is refused without a credential', async () => {
    const refused = await call('/api/projects', { method: 'POST', json: { title: 'Nope', description: 'Never created.' } });
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
  });

  it.skipIf(READ_ONLY)('sets the profile in both languages', async () => {
    const profile = await call('/api/profile', {
      method: 'PATCH',
      admin: true,
      json: { headline: { english: 'End-to-end tested engineer', nederlands: 'End-to-end geteste engineer' } },
    });
    expect(profile.status).toBe(200);
    await seenWithin2s(async () =>
      expect((await (await call('/api/profile')).json()) as object).toMatchObject({
        headline: { nederlands: 'End-to-end geteste engineer' },
      }),
    );
  });

  it.skipIf(READ_ONLY)('creates, replaces, updates, reorders and deletes a project, each visible to visitors within 2 s', async () => {
    const created = await call('/api/projects', {
      method: 'POST',
      admin: true,
      json: {
        title: 'E2E Project',
        description: 'Made by the end-to-end suite.',
        slug,
        translations: { nederlands: { description: 'Gemaakt door de e2e-suite.' } },
      },
    });
    expect([created.status, await created.json()]).toEqual([201, { id: expect.any(String), slug }]);
    await seenWithin2s(async () =>
      expect(((await (await call(`/api/projects/${slug}?lang=nederlands`)).json()) as { description: string }).description).toBe(
        'Gemaakt door de e2e-suite.',
      ),
    );

    const replaced = await call(`/api/projects/${slug}`, {
      method: 'PUT',
      admin: true,
      json: { title: 'E2E Project', description: 'Replaced.' },
    });
    expect(replaced.status).toBe(200);
    const updated = await call(`/api/projects/${slug}`, { method: 'PATCH', admin: true, json: { status: 'Tested' } });
    expect((await updated.json()) as { status: string; description: string }).toMatchObject({ status: 'Tested', description: 'Replaced.' });

    const reordered = await call('/api/projects/reorder', { method: 'PATCH', admin: true, json: { order: [slug] } });
    expect(((await reordered.json()) as { slug: string }[])[0].slug).toBe(slug);
    await seenWithin2s(async () => expect(((await (await call('/api/projects')).json()) as { slug: string }[])[0].slug).toBe(slug));

    expect((await call(`/api/projects/${slug}`, { method: 'DELETE', admin: true })).status).toBe(204);
    await seenWithin2s(async () => expect((await call(`/api/projects/${slug}`)).status).toBe(404));
  });

  it.skipIf(READ_ONLY)('exports the whole portfolio and imports it back, the public reads unchanged', async () => {
    const before = await call('/api/awards');
    const exported = (await (await call('/api/admin/content', { admin: true })).json()) as ContentDocument;
    const imported = await call('/api/admin/content', { method: 'PUT', admin: true, json: exported });
    expect([imported.status, await imported.json()]).toEqual([200, expect.objectContaining({ projects: exported.projects.length })]);
    const seenBefore = [await before.text(), before.headers.get('etag')];
    await seenWithin2s(async () => {
      const after = await call('/api/awards');
      expect([await after.text(), after.headers.get('etag')]).toEqual(seenBefore);
    });
  });

  it.skipIf(READ_ONLY)('looks back through the history and undoes a change by restoring the revision before it', async () => {
    type Revision = { id: number; source: string; domains: string[]; actor: string | null };
    const revisions = async (query: string) =>
      (await (await call(`/api/admin/content/revisions?${query}`, { admin: true })).json()) as Revision[];
    const title = `Renamed by the e2e suite ${Date.now()}`;
    const [award] = (await (await call('/api/awards')).json()) as Award[];
    // The stack may hold revisions of an earlier run of the suite: only one after this point is this rename's.
    const [latestBefore] = await revisions('limit=1');
    expect((await call(`/api/awards/${award.id}`, { method: 'PATCH', admin: true, json: { title } })).status).toBe(200);

    let renamed: Revision | undefined;
    for (let tries = 0; !renamed && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      renamed = (await revisions('limit=5')).find(
        (revision) => revision.id > (latestBefore?.id ?? 0) && revision.source === 'api' && revision.domains.includes('awards'),
      );
    }
    expect(renamed).toMatchObject({ domains: ['awards'], actor: 'admin token' });
    const document = (await (await call(`/api/admin/content/revisions/${renamed!.id}`, { admin: true })).json()) as ContentDocument;
    expect(document.awards[0].title).toBe(title);

    const [previous] = await revisions(`limit=1&before=${renamed!.id}`);
    expect((await call(`/api/admin/content/revisions/${previous.id}/restore`, { method: 'POST', admin: true })).status).toBe(200);
    await seenWithin2s(async () => expect(await firstAwardTitle()).not.toBe(title));
  });

  it.skipIf(READ_ONLY)('drafts a change, shows it through a preview link, and publishes it', async () => {
    const title = `Drafted by the e2e suite ${Date.now()}`;
    // The content as it stands, not as a cache in front may still show it.
    const [award] = ((await (await call('/api/admin/content', { admin: true })).json()) as ContentDocument).awards;
    const drafted = await call(`/api/awards/${award.id}?draft=true`, { method: 'PATCH', admin: true, json: { title } });
    expect([drafted.status, ((await drafted.json()) as { title: string }).title]).toEqual([200, title]);
    await seenWithin2s(async () => expect(await firstAwardTitle()).toBe(award.title));

    const { token } = (await (await call('/api/admin/draft/preview-token', { method: 'POST', admin: true })).json()) as { token: string };
    const previewed = await call(`/api/awards?preview=${token}`);
    expect([previewed.headers.get('cache-control'), ((await previewed.json()) as { title: string }[])[0].title]).toEqual([
      'private, no-store',
      title,
    ]);

    const published = await call('/api/admin/draft/publish', { method: 'POST', admin: true });
    expect([published.status, ((await published.json()) as { overridden: unknown[] }).overridden]).toEqual([200, []]);
    await seenWithin2s(async () => expect(await firstAwardTitle()).toBe(title));
    expect((await call('/api/admin/draft', { admin: true })).status).toBe(404);
  });

  it('reads what the CV download serves in each language', async () => {
    const served = await call('/api/admin/cv', { admin: true });
    expect(served.status).toBe(200);
    expect(((await served.json()) as { lang: string }[]).map(({ lang }) => lang)).toEqual(['english', 'nederlands']);
  });

  it.skipIf(READ_ONLY)(
    'publishes the Dutch CV from the content, rendered by the stack as it runs (the image: Node on jemalloc), then goes back',
    async () => {
      const published = await call('/api/admin/cv/nederlands/publish', { method: 'POST', admin: true });
      expect([published.status, await published.json()]).toEqual([
        200,
        expect.objectContaining({ lang: 'nederlands', source: 'published' }),
      ]);
      const download = await call('/api/download-cv?lang=nederlands');
      expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect((await call('/api/admin/cv/nederlands', { method: 'DELETE', admin: true })).status).toBe(204);
    },
  );
});
