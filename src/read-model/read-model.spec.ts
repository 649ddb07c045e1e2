import { PreparedBody } from './prepared-body';
import { type AnsweringRead, ReadModel } from './read-model';

const read = (domain: 'projects' | 'skills'): AnsweringRead => ({
  route: { handler: `${domain}#findAll`, domains: [domain], limit: { limit: 100, ttl: 60_000 } },
  pattern: `/api/${domain}`,
});

const bytesOf = async (value: unknown) => (await PreparedBody.of(JSON.stringify(value))).size;

describe('ReadModel', () => {
  it('builds an answer once for the requests that miss while it is prepared, then answers from it', async () => {
    const model = new ReadModel();
    const build = vi.fn(async () => [{ slug: 'tidewatch' }]);
    const bodies = await Promise.all(Array.from({ length: 20 }, () => model.answerOnce('/api/projects', read('projects'), build)));
    expect(build).toHaveBeenCalledTimes(1);
    expect(new Set(bodies).size).toBe(1);
    expect(model.answerTo('/api/projects')?.body).toBe(bodies[0]);
  });

  it('gives every waiting request the failure of the build, and builds again on the next miss', async () => {
    const model = new ReadModel();
    const failing = () => Promise.reject(new Error('no such project'));
    const outcomes = await Promise.allSettled([1, 2].map(() => model.answerOnce('/api/projects/x', read('projects'), failing)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(model.answerOnce('/api/projects/x', read('projects'), async () => ({ slug: 'x' }))).resolves.toBeInstanceOf(PreparedBody);
  });

  it('does not keep, nor share with later requests, an answer its domain changed under', async () => {
    const model = new ReadModel();
    let release!: () => void;
    const stale = model.answerOnce('/api/projects', read('projects'), () => new Promise((resolve) => (release = () => resolve(['old']))));
    model.invalidate('projects');
    const fresh = model.answerOnce('/api/projects', read('projects'), async () => ['new']);
    release();
    expect(await stale).not.toBe(await fresh);
    expect(model.answerTo('/api/projects')?.body).toBe(await fresh);
  });

  it('counts answers, and each body once however many URLs share it', async () => {
    const model = new ReadModel();
    const projects = [{ slug: 'tidewatch', title: 'Tidewatch' }];
    await model.answerOnce('/api/projects', read('projects'), async () => projects);
    await model.answerOnce('/api/projects?utm=x', read('projects'), async () => projects);
    await model.answerOnce('/api/skills', read('skills'), async () => ['TypeScript']);
    expect(model.footprint()).toEqual({ answers: 3, bodies: 2, bytes: (await bytesOf(projects)) + (await bytesOf(['TypeScript'])) });
  });

  it('lets go of what a change made stale', async () => {
    const model = new ReadModel();
    await model.answerOnce('/api/projects', read('projects'), async () => []);
    await model.answerOnce('/api/skills', read('skills'), async () => ['TypeScript']);
    model.invalidate('projects');
    expect(model.footprint()).toEqual({ answers: 1, bodies: 1, bytes: await bytesOf(['TypeScript']) });
  });
});
