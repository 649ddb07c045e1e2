import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type BuiltService, runBuiltServiceToExit, startBuiltService } from '@test/support/built-service';
import { createTestDatabase, type TestDatabase } from '@test/support/database';

/** An owner's own content: a little of everything, optional fields left out. */
const OWNER_DOCUMENT = {
  version: 1,
  profile: { name: 'Joris de Vries', headline: { english: 'Data engineer' } },
  projects: [{ slug: 'river-gauge', title: 'River Gauge', description: 'Water levels, live.' }],
  experience: [{ id: '7b6f0c1e-1111-4a2b-8c3d-000000000001', company: 'Deltares', role: 'Engineer', period: '2021 – now' }],
  skills: [
    {
      id: '7b6f0c1e-2222-4a2b-8c3d-000000000001',
      title: 'Languages',
      skills: [{ id: '7b6f0c1e-3333-4a2b-8c3d-000000000001', name: 'Go' }],
    },
  ],
  awards: [],
  certifications: [{ id: '7b6f0c1e-4444-4a2b-8c3d-000000000001', title: 'CKA', source: 'credly', externalId: 'abc-123' }],
};

const json = async (service: BuiltService, path: string) => {
  const response = await fetch(`${service.origin}${path}`);
  return { status: response.status, body: await response.json() };
};

describe('owner content at start-up (the built service, as deployed)', () => {
  let directory: string;
  let database: TestDatabase;
  let ownerFile: string;

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'content-file-'));
    ownerFile = join(directory, 'portfolio.json');
    writeFileSync(ownerFile, JSON.stringify(OWNER_DOCUMENT));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.drop());

  it('CONTENT_SEED=none: an empty database stays empty until the owner writes or imports', async () => {
    const service = await startBuiltService({ DATABASE_URL: database.url, CONTENT_SEED: 'none' });
    try {
      expect(await json(service, '/api/projects')).toEqual({ status: 200, body: [] });
      expect(await json(service, '/api/certifications')).toEqual({ status: 200, body: [] });
      expect(await json(service, '/api/profile')).toEqual({ status: 404, body: { detail: 'No profile has been set' } });
    } finally {
      await service.stop();
    }
  });

  it('CONTENT_FILE without a database: the file is served, what it leaves out filled in, and writes answer 503', async () => {
    const service = await startBuiltService({ CONTENT_FILE: ownerFile, API_ADMIN_TOKEN: ADMIN_TOKEN });
    try {
      expect((await json(service, '/api/profile')).body).toEqual({
        name: 'Joris de Vries',
        headline: { english: 'Data engineer', nederlands: '' },
        summary: { english: '', nederlands: '' },
        location: '',
        email: '',
        website: '',
        photo: '',
        links: [],
      });
      expect((await json(service, '/api/projects/river-gauge')).body).toMatchObject({
        title: 'River Gauge',
        demo: '/projects/river-gauge',
        results: [],
      });
      expect((await json(service, '/api/skills')).body).toEqual([
        { ...OWNER_DOCUMENT.skills[0], iconName: '', iconColor: '', skills: [{ ...OWNER_DOCUMENT.skills[0].skills[0], projects: [] }] },
      ]);
      const write = await fetch(`${service.origin}/api/awards`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'A', organization: 'B', year: '2025' }),
      });
      expect(write.status).toBe(503);
    } finally {
      await service.stop();
    }
  });

  it('CONTENT_FILE with an empty database: seeds it from the file', async () => {
    const service = await startBuiltService({ DATABASE_URL: database.url, CONTENT_FILE: ownerFile, LOG_LEVEL: 'info' });
    try {
      expect((await json(service, '/api/projects')).body).toEqual([expect.objectContaining({ slug: 'river-gauge' })]);
      expect((await json(service, '/api/certifications')).body).toEqual([
        expect.objectContaining({ title: 'CKA', source: 'credly', syncEnabled: true }),
      ]);
      expect(service.output()).toContain(`"source":"CONTENT_FILE ${ownerFile}"`);
    } finally {
      await service.stop();
    }
  });

  it.each([
    ['that is not there', () => join(directory, 'missing.json'), 'cannot be read'],
    ['that is not JSON', () => writeAndName('broken.json', '{"version": 1,'), 'not JSON'],
    [
      'that breaks a rule',
      () =>
        writeAndName('invalid.json', JSON.stringify({ ...OWNER_DOCUMENT, projects: [{ slug: 'Bad Slug', title: 'T', description: 'D' }] })),
      'projects.0.slug',
    ],
  ])('stops start-up for a CONTENT_FILE %s, naming the file and the problem', async (_, file, problem) => {
    const path = file();
    const { code, output } = await runBuiltServiceToExit({ CONTENT_FILE: path });
    expect(code).toBe(1);
    const [line, ...rest] = output.trim().split('\n');
    expect(rest).toEqual([]);
    const failure = JSON.parse(line) as { event: string; reason: string };
    expect(failure.event).toBe('start_failed');
    expect(failure.reason).toContain(`Invalid configuration: CONTENT_FILE ${path}: `);
    expect(failure.reason).toContain(problem);
  });

  function writeAndName(name: string, text: string): string {
    const path = join(directory, name);
    writeFileSync(path, text);
    return path;
  }
});
