import type { IncomingMessage, ServerResponse } from 'node:http';
import { PreparedBody, type WireHeaders } from './prepared-body';
import { SharedCaching } from './shared-caching';
import { TypedBody } from './typed-body';
import type { AnsweringRead } from './answer';
import { ReadModel } from './read-model';

const read = (domain: 'projects' | 'skills'): AnsweringRead => ({
  route: {
    handler: `${domain}#findAll`,
    path: `/api/${domain}`,
    domains: [domain],
    limit: { limit: 100, ttl: 60_000 },
    parameters: [],
    headers: [],
    again: undefined,
  },
  pattern: `/api/${domain}`,
});

const sharedCaching = new SharedCaching({ purge: undefined, maxAgeSeconds: 300 });
const bytesOf = async (value: unknown) =>
  (await PreparedBody.of(await TypedBody.of(value), { sharedCache: sharedCaching.headersOf(['projects'], value) })).size;
const modelOf = (readModelMaxBytes = 64 * 1024 * 1024, caching = sharedCaching) => new ReadModel({ readModelMaxBytes }, caching);

/** The Cache-Control a body is sent with. */
const cacheControlOf = (body: PreparedBody) => {
  let headers: WireHeaders = [];
  const res = { writeHead: (_status: number, written: WireHeaders) => ((headers = written), { end: () => undefined }) };
  body.writeTo({ headers: {} } as IncomingMessage, res as unknown as ServerResponse);
  return headers[headers.indexOf('Cache-Control') + 1];
};

describe('ReadModel', () => {
  afterEach(() => vi.useRealTimers());

  it('builds an answer once for the requests that miss while it is prepared, then answers from it', async () => {
    const model = modelOf();
    const build = vi.fn(async () => [{ slug: 'tidewatch' }]);
    const bodies = await Promise.all(Array.from({ length: 20 }, () => model.answerOnce('projects []', read('projects'), build)));
    expect(build).toHaveBeenCalledTimes(1);
    expect(new Set(bodies).size).toBe(1);
    expect(model.answerFor('projects []')?.body).toBe(bodies[0]);
  });

  it('gives every waiting request the failure of the build, and builds again on the next miss', async () => {
    const model = modelOf();
    const failing = () => Promise.reject(new Error('no such project'));
    const outcomes = await Promise.allSettled([1, 2].map(() => model.answerOnce('project ["x"]', read('projects'), failing)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(model.answerOnce('project ["x"]', read('projects'), async () => ({ slug: 'x' }))).resolves.toBeInstanceOf(PreparedBody);
  });

  it('counts a write of the service once, whether its instance or the database tells of it first; each other write is news', () => {
    const model = modelOf();
    const changes: string[] = [];
    model.changes.subscribe((domain) => changes.push(domain));
    model.invalidate('projects', 'write-1'); // the instance that made it
    model.announced('projects', 'write-1'); // the database's echo
    model.announced('skills', 'write-2'); // the echo first
    model.invalidate('skills', 'write-2');
    model.announced('projects', 'write-3'); // another instance's write: announced once
    model.announced('projects'); // SQL typed by hand
    expect(changes).toEqual(['projects', 'skills', 'projects', 'projects']);
  });

  it('does not keep, nor share with later requests, an answer its domain changed under', async () => {
    const model = modelOf();
    let release!: () => void;
    const stale = model.answerOnce('projects []', read('projects'), () => new Promise((resolve) => (release = () => resolve(['old']))));
    model.invalidate('projects');
    const fresh = model.answerOnce('projects []', read('projects'), async () => ['new']);
    release();
    expect(await stale).not.toBe(await fresh);
    expect(model.answerFor('projects []')?.body).toBe(await fresh);
  });

  it('prepares an answer sent in the last seconds again as soon as a write here changes it, sending the one before meanwhile', async () => {
    const model = modelOf();
    let release!: () => void;
    const again = vi.fn(() => new Promise<string[]>((resolve) => (release = () => resolve(['Rust']))));
    const before = await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    let written = false;
    const writing = model.changedHere(['projects'], 'write-1').then(() => (written = true));
    expect(again).toHaveBeenCalledTimes(1);
    expect(model.answerFor('projects []')?.body).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).toBe(false);
    release();
    await writing;
    const after = model.answerFor('projects []')?.body;
    expect(after).not.toBe(before);
    expect(after?.etag).toBe((await model.answerOnce('projects []', read('projects'), async () => ['Rust'])).etag);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it("says when the renewals under way are over, an announced change's too, so that a purge comes once the new answers are ready", async () => {
    const model = modelOf();
    let release!: () => void;
    const again = () => new Promise<string[]>((resolve) => (release = () => resolve(['Rust'])));
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    await model.renewed();
    model.announced('projects');
    let renewed = false;
    const waiting = model.renewed().then(() => (renewed = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(renewed).toBe(false);
    release();
    await waiting;
    expect(model.answerFor('projects []')?.body.etag).toBe(
      (await model.answerOnce('projects []', read('projects'), async () => ['Rust'])).etag,
    );
  });

  it('has a write wait for the renewal a change heard meanwhile started, so that its writer never reads the answer from before it', async () => {
    const model = modelOf();
    const values = [['Rust'], ['Rust', 'Go']];
    const releases: (() => void)[] = [];
    const again = vi.fn(
      () =>
        new Promise<string[]>((resolve) => {
          const value = values[releases.length];
          releases.push(() => resolve(value));
        }),
    );
    const before = await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    let written = false;
    const writing = model.changedHere(['projects'], 'write-1').then(() => (written = true));
    model.announced('projects'); // a change heard while the write's answer is prepared again: SQL typed by hand, say
    expect(again).toHaveBeenCalledTimes(2);
    releases[0]();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).toBe(false);
    expect(model.answerFor('projects []')?.body.etag).toBe(before.etag);
    releases[1]();
    await writing;
    const after = model.answerFor('projects []')?.body;
    expect(after?.etag).toBe((await model.answerOnce('projects [] again', read('projects'), async () => ['Rust', 'Go'])).etag);
  });

  it('prepares again at once the answers sent lately when any domain may have changed unheard, the ones before standing in', async () => {
    const model = modelOf();
    let release!: () => void;
    const again = vi.fn(() => new Promise<string[]>((resolve) => (release = () => resolve(['Rust']))));
    const before = await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    model.announcedAll(); // the listening connection was replaced
    expect(again).toHaveBeenCalledTimes(1);
    expect(model.answerFor('projects []')?.body.etag).toBe(before.etag);
    release();
    await vi.waitFor(() => expect(model.answerFor('projects []')?.body.etag).not.toBe(before.etag));
  });

  it('sends the answer standing in revalidating, so that no shared cache purged meanwhile keeps it', async () => {
    const purged = new SharedCaching({
      purge: { kind: 'varnish', url: 'http://127.0.0.1:6081', token: 'a-purge-token-of-32-characters-at-least' },
      maxAgeSeconds: 300,
    });
    const model = modelOf(undefined, purged);
    let release!: () => void;
    const again = () => new Promise<string[]>((resolve) => (release = () => resolve(['Rust'])));
    const before = await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    const writing = model.changedHere(['projects'], 'write-1');
    const standingIn = model.answerFor('projects []')!.body;
    expect([standingIn.etag, cacheControlOf(standingIn)]).toEqual([before.etag, 'public, no-cache']);
    expect(model.answerFor('projects []')!.body).toBe(standingIn);
    release();
    await writing;
    expect(cacheControlOf(model.answerFor('projects []')!.body)).toBe(purged.cacheControl);
  });

  it('prepares an answer sent in the last seconds again as soon as the database announces a change, once for a write it echoes', async () => {
    const model = modelOf();
    let release!: () => void;
    const again = vi.fn(() => new Promise<string[]>((resolve) => (release = () => resolve(['Rust']))));
    const before = await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    model.announced('projects', 'write-1'); // another instance's write, or the echo of this one's come first
    expect(again).toHaveBeenCalledTimes(1);
    expect(model.answerFor('projects []')?.body).toBe(before);
    const writing = model.changedHere(['projects'], 'write-1');
    release();
    await writing;
    expect(model.answerFor('projects []')?.body.etag).not.toBe(before.etag);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('lets the answer from before an announced change stand in for half a second at most', async () => {
    const model = modelOf();
    const again = vi.fn(() => new Promise<string[]>(() => undefined));
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    model.announced('projects');
    expect(model.answerFor('projects []')).toBeDefined();
    await vi.advanceTimersByTimeAsync(499);
    expect(model.answerFor('projects []')).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(model.answerFor('projects []')).toBeUndefined();
  });

  it('prepares again only what was sent in the last seconds, and not for a change it only suspects (invalidate): the rest when next read', async () => {
    const model = modelOf();
    vi.useFakeTimers({ toFake: ['performance'] });
    const again = vi.fn(async () => ['Rust']);
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    model.invalidate('projects');
    expect(again).not.toHaveBeenCalled();
    expect(model.answerFor('projects []')).toBeUndefined();
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    await model.answerOnce('projects [{"top":1}]', read('projects'), async () => ['Go']);
    vi.advanceTimersByTime(6_000);
    await model.changedHere(['projects']);
    expect(again).not.toHaveBeenCalled();
    expect(model.answerFor('projects []')).toBeUndefined();
    expect(model.answerFor('projects [{"top":1}]')).toBeUndefined();
  });

  it('stops preparing again an answer nobody has read since it was sent, however closely writes follow one another', async () => {
    const model = modelOf();
    vi.useFakeTimers({ toFake: ['performance'] });
    const again = vi.fn(async () => ['Rust']);
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    for (const write of ['write-1', 'write-2', 'write-3']) {
      vi.advanceTimersByTime(3_000);
      await model.changedHere(['projects'], write);
    }
    expect(again).toHaveBeenCalledTimes(1);
    await model.answerOnce('projects []', read('projects'), async () => ['Go'], again);
    vi.advanceTimersByTime(3_000);
    await model.changedHere(['projects'], 'write-4');
    expect(again).toHaveBeenCalledTimes(2);
  });

  it('prepares again the most recently sent answers first, whichever was prepared again last', async () => {
    const model = modelOf();
    vi.useFakeTimers({ toFake: ['performance'] });
    const renewed: string[] = [];
    const answer = (key: string) =>
      model.answerOnce(
        key,
        read('projects'),
        async () => [key],
        async () => (renewed.push(key), [key]),
      );
    await answer('projects [1]');
    vi.advanceTimersByTime(1);
    await answer('projects [2]');
    for (const write of ['write-1', 'write-2']) {
      renewed.length = 0;
      await model.changedHere(['projects'], write);
      expect(renewed).toEqual(['projects [2]', 'projects [1]']);
    }
  });

  it('prepares a spare answer again after a write without the write waiting for it: a read from then on waits for the new one', async () => {
    const model = modelOf();
    const card = (n: number) => new TypedBody('image/png', Buffer.alloc(2_000, n), { compressible: false, spare: true });
    let release!: () => void;
    const again = vi.fn(() => new Promise<TypedBody>((resolve) => (release = () => resolve(card(2)))));
    await model.answerOnce('projects [card]', read('projects'), async () => card(1), again);
    let written = false;
    void model.changedHere(['projects'], 'write-1').then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).toBe(true);
    expect(again).toHaveBeenCalledTimes(1);
    expect(model.answerFor('projects [card]')).toBeUndefined();
    const waiting = model.answerOnce('projects [card]', read('projects'), async () => card(3), again);
    release();
    expect((await waiting).etag).toBe((await model.answerOnce('projects [card 2]', read('projects'), async () => card(2))).etag);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('counts spare answers apart when it chooses what to prepare again: a walk over twenty cards leaves the list its place', async () => {
    const model = modelOf();
    vi.useFakeTimers({ toFake: ['performance'] });
    const renewed: string[] = [];
    const card = (key: string) => new TypedBody('image/png', Buffer.from(key), { compressible: false, spare: true });
    const again = (key: string) => async () => (renewed.push(key), key.startsWith('card') ? card(key) : [key]);
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again('list'));
    for (let n = 0; n < 20; n++) {
      vi.advanceTimersByTime(1);
      await model.answerOnce(`projects [card ${n}]`, read('projects'), async () => card(`card ${n}`), again(`card ${n}`));
    }
    await model.changedHere(['projects'], 'write-1');
    expect(renewed[0]).toBe('list');
    expect(renewed.slice(1)).toEqual(Array.from({ length: 16 }, (_, n) => `card ${19 - n}`));
  });

  it('lets a write wait half a second at most for its answers: from then on, a read waits for the new one, not the one before', async () => {
    const model = modelOf();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let release!: () => void;
    const again = vi.fn(() => new Promise<string[]>((resolve) => (release = () => resolve(['Rust']))));
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    const writing = model.changedHere(['projects']);
    expect(model.answerFor('projects []')).toBeDefined();
    await vi.advanceTimersByTimeAsync(499);
    expect(model.answerFor('projects []')).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    await writing;
    expect(model.answerFor('projects []')).toBeUndefined();
    const waiting = model.answerOnce('projects []', read('projects'), async () => ['Go']);
    release();
    expect((await waiting).etag).toBe((await model.answerOnce('projects [{"top":1}]', read('projects'), async () => ['Rust'])).etag);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('counts a read that waits for an answer being prepared again past the half second as a send of it', async () => {
    const model = modelOf();
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    let release!: () => void;
    const again = vi.fn(() => new Promise<string[]>((resolve) => (release = () => resolve(['Rust']))));
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    await vi.advanceTimersByTimeAsync(4_000);
    const writing = model.changedHere(['projects'], 'write-1');
    await vi.advanceTimersByTimeAsync(500);
    await writing;
    const waiting = model.answerOnce('projects []', read('projects'), async () => ['Go'], again);
    release();
    await waiting;
    await vi.advanceTimersByTimeAsync(1_500);
    const writingAgain = model.changedHere(['projects'], 'write-2');
    expect(again).toHaveBeenCalledTimes(2);
    release();
    await writingAgain;
  });

  it('leaves an answer prepared again where it was in the least-recently-used order: sent to nobody yet, it is no more recent', async () => {
    const listOf = (n: number) => Array.from({ length: 50 }, (_, i) => `${n}-${i}`);
    const each = await bytesOf(listOf(0));
    const model = modelOf(each * 2 + each / 2);
    await model.answerOnce(
      'projects [1]',
      read('projects'),
      async () => listOf(1),
      async () => listOf(1),
    );
    await model.answerOnce('skills [2]', read('skills'), async () => listOf(2));
    await model.changedHere(['projects'], 'write-1');
    await model.answerOnce('skills [3]', read('skills'), async () => listOf(3));
    expect(model.answerFor('projects [1]')).toBeUndefined();
    for (const key of ['skills [2]', 'skills [3]']) expect(model.answerFor(key)).toBeDefined();
  });

  it('stops sending the answer before once it fails to prepare it again: the next read prepares it', async () => {
    const model = modelOf();
    const again = vi.fn(() => Promise.reject(new Error('no such project')));
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript'], again);
    await model.changedHere(['projects']);
    expect(again).toHaveBeenCalledTimes(1);
    expect(model.answerFor('projects []')).toBeUndefined();
  });

  it('answers the URLs it was told stand for a key, and remembers no URL over 512 characters', async () => {
    const model = modelOf();
    const body = await model.answerOnce('projects []', read('projects'), async () => ['tidewatch']);
    model.remember('/api/projects', 'projects []');
    model.remember('/api/projects?utm=x', 'projects []');
    model.remember(`/api/projects?${'x'.repeat(600)}`, 'projects []');
    expect(model.answerTo('/api/projects')?.body).toBe(body);
    expect(model.answerTo('/api/projects?utm=x')?.body).toBe(body);
    expect(model.answerTo(`/api/projects?${'x'.repeat(600)}`)).toBeUndefined();
    expect(model.answerTo('/api/projects?never=seen')).toBeUndefined();
  });

  it('counts answers, and each body once however many keys share it', async () => {
    const model = modelOf();
    const projects = [{ slug: 'tidewatch', title: 'Tidewatch' }];
    await model.answerOnce('projects []', read('projects'), async () => projects);
    await model.answerOnce('projects [{"top":9}]', read('projects'), async () => projects);
    await model.answerOnce('skills []', read('skills'), async () => ['TypeScript']);
    expect(model.footprint()).toEqual({ answers: 3, bodies: 2, bytes: (await bytesOf(projects)) + (await bytesOf(['TypeScript'])) });
  });

  it("makes only the changed domain's answers stale, and lets go of a stale body once its key is prepared again", async () => {
    const model = modelOf();
    await model.answerOnce('projects []', read('projects'), async () => ['TypeScript']);
    await model.answerOnce('skills []', read('skills'), async () => ['TypeScript']);
    model.invalidate('projects');
    expect(model.answerFor('projects []')).toBeUndefined();
    expect(model.answerFor('skills []')).toBeDefined();
    await model.answerOnce('projects []', read('projects'), async () => ['Rust']);
    expect(model.footprint()).toEqual({ answers: 2, bodies: 2, bytes: (await bytesOf(['TypeScript'])) + (await bytesOf(['Rust'])) });
  });

  it('sends the stale answer, revalidating, while the database cannot serve the new one; any other failure fails', async () => {
    const purged = new SharedCaching({
      purge: { kind: 'varnish', url: 'http://127.0.0.1:6081', token: 'a-purge-token-of-32-characters-at-least' },
      maxAgeSeconds: 300,
    });
    const model = modelOf(undefined, purged);
    const before = await model.answerOnce('projects []', read('projects'), async () => ['before']);
    expect(cacheControlOf(before)).toBe(purged.cacheControl);
    model.invalidate('projects');
    const unreachable = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const stale = await model.answerOnce('projects []', read('projects'), unreachable);
    expect(stale.etag).toBe(before.etag);
    expect(stale.size).toBe(before.size);
    expect(cacheControlOf(stale)).toBe('public, no-cache');
    await expect(model.answerOnce('projects []', read('projects'), () => Promise.reject(new Error('no such project')))).rejects.toThrow(
      'no such project',
    );
    await expect(model.answerOnce('skills []', read('skills'), unreachable)).rejects.toThrow('ECONNREFUSED');
    expect(model.answerFor('projects []')).toBeUndefined();
  });

  it('keeps at most READ_MODEL_MAX_BYTES, the least recently used answers going first', async () => {
    const listOf = (n: number) => Array.from({ length: 50 }, (_, i) => `${n}-${i}`);
    const each = await bytesOf(listOf(0));
    const model = modelOf(each * 3 + each / 2);
    for (const n of [1, 2, 3]) await model.answerOnce(`projects [${n}]`, read('projects'), async () => listOf(n));
    model.answerFor('projects [1]');
    await model.answerOnce('projects [4]', read('projects'), async () => listOf(4));
    expect(model.answerFor('projects [2]')).toBeUndefined();
    for (const n of [1, 3, 4]) expect(model.answerFor(`projects [${n}]`)).toBeDefined();
    expect(model.footprint().bytes).toBeLessThanOrEqual(each * 3 + each / 2);
  });

  it('lets spare answers (kept elsewhere too) go before any other, so a walk over them evicts no other answer', async () => {
    const png = (n: number) => new TypedBody('image/png', Buffer.alloc(2_000, n), { compressible: false, spare: true });
    const list = await bytesOf(['a list']);
    const model = modelOf(list + 5_000);
    await model.answerOnce('projects [list]', read('projects'), async () => ['a list']);
    for (const n of [1, 2, 3, 4, 5, 6]) await model.answerOnce(`projects [card ${n}]`, read('projects'), async () => png(n));
    expect(model.answerFor('projects [list]')).toBeDefined();
    expect(model.answerFor('projects [card 6]')).toBeDefined();
    expect(model.answerFor('projects [card 1]')).toBeUndefined();
  });

  it('keeps nothing when READ_MODEL_MAX_BYTES is 0, and still answers', async () => {
    const model = modelOf(0);
    await expect(model.answerOnce('projects []', read('projects'), async () => ['x'])).resolves.toBeInstanceOf(PreparedBody);
    expect(model.footprint()).toEqual({ answers: 0, bodies: 0, bytes: 0 });
  });
});
