import { call, MAIL_SINK_URL, READ_ONLY } from './stack';

const READS = ['/api/profile', '/api/projects', '/api/experience', '/api/skills', '/api/awards', '/api/certifications'];

/** What a visitor of the portfolio site does. */
describe('a visitor', () => {
  it.each(READS)('reads %s in English and in Dutch, and gets 304 when nothing changed', async (path) => {
    const english = await call(path);
    expect(english.status).toBe(200);
    expect(english.headers.get('x-request-id')).toBeTruthy();
    const etag = english.headers.get('etag')!;
    expect((await call(path, { headers: { 'If-None-Match': etag, 'Cache-Control': 'no-cache' } })).status).toBe(304);
    if (path === '/api/profile') return;
    const dutch = await call(`${path}?lang=nederlands`);
    expect([dutch.status, dutch.headers.get('content-language')]).toEqual([200, 'nl']);
    expect(((await dutch.json()) as unknown[]).length).toBe(((await english.json()) as unknown[]).length);
  });

  it('opens a project from its card', async () => {
    const [first] = (await (await call('/api/projects')).json()) as { slug: string; title: string }[];
    const detail = await call(`/api/projects/${first.slug}`);
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({ slug: first.slug, title: first.title, navigation: expect.any(Object) });
  });

  it.skipIf(READ_ONLY)('downloads the CV the site links to, as a PDF', async () => {
    const link = await call('/api/download-cv', { method: 'PATCH', json: { lang: 'english' } });
    if (link.status === 404) return; // a stack that serves no CV in this language (an owner who has not uploaded one)
    const { downloadUrl } = (await link.json()) as { downloadUrl: string };
    const pdf = await call(downloadUrl);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it.skipIf(READ_ONLY)('sends a contact message, which reaches the mail sink when the stack has one', async () => {
    const subject = `e2e ${Date.now()}`;
    const sent = await call('/api/contact', {
      method: 'POST',
      json: { name: 'E2E Visitor', email: 'visitor@example.com', message: `Hello from the end-to-end suite: ${subject}.` },
    });
    expect([sent.status, await sent.json()]).toEqual([200, expect.objectContaining({ success: true })]);
    if (!MAIL_SINK_URL) return;
    await vi.waitFor(
      async () => {
        const { messages } = (await (await fetch(`${MAIL_SINK_URL}/api/v1/messages`)).json()) as { messages: { Snippet?: string }[] };
        expect(messages.some((message) => message.Snippet?.includes(subject))).toBe(true);
      },
      { timeout: 10_000, interval: 250 },
    );
  });

  it('is answered 429 once it spends the limit of an operation, with Retry-After', async () => {
    // CV generation allows two a minute: the third (or the first, when a run just before spent them) is 429.
    const answers: Response[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push(await call('/api/cv/generate', { method: 'PATCH', json: {} }));
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(await limited.json()).toEqual({ detail: 'Rate limit exceeded' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('is answered 422 for a language the service does not know, and 404 JSON for a page that does not exist', async () => {
    expect((await call('/api/awards?lang=klingon')).status).toBe(422);
    const missing = await call('/no/such/page');
    expect([missing.status, await missing.json()]).toEqual([404, { detail: 'Not Found' }]);
  });
});
