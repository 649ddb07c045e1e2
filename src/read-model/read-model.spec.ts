import { PreparedBody } from './prepared-body';
import { type AnsweringRead, ReadModel } from './read-model';

const read = (domain: 'projects' | 'skills'): AnsweringRead => ({
  route: { handler: `${domain}#findAll`, domains: [domain], limit: { limit: 100, ttl: 60_000 } },
  pattern: `/api/${domain}`,
});

const bytesOf = (value: unknown) => PreparedBody.of(JSON.stringify(value)).size;

describe('ReadModel footprint', () => {
  it('counts answers, and each body once however many URLs share it', () => {
    const model = new ReadModel();
    const projects = [{ slug: 'tidewatch', title: 'Tidewatch' }];
    model.prepare('/api/projects', read('projects'), model.stamp(['projects']), projects);
    model.prepare('/api/projects?utm=x', read('projects'), model.stamp(['projects']), projects);
    model.prepare('/api/skills', read('skills'), model.stamp(['skills']), ['TypeScript']);
    expect(model.footprint()).toEqual({ answers: 3, bodies: 2, bytes: bytesOf(projects) + bytesOf(['TypeScript']) });
  });

  it('lets go of what a change made stale', () => {
    const model = new ReadModel();
    model.prepare('/api/projects', read('projects'), model.stamp(['projects']), []);
    model.prepare('/api/skills', read('skills'), model.stamp(['skills']), ['TypeScript']);
    model.invalidate('projects');
    expect(model.footprint()).toEqual({ answers: 1, bodies: 1, bytes: bytesOf(['TypeScript']) });
  });
});
