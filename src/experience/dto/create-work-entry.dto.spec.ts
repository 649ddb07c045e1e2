import { issuesOf } from '@test/support/validated';
import { CreateWorkEntryDto } from './create-work-entry.dto';
import { WorkEntryIdParams } from './experience-params.dto';

const ENTRY = { company: 'A', role: 'B', period: 'C' };

describe("a work entry's additional projects", () => {
  it('refuse a malformed one at its place', async () => {
    const additionalProjects = [{ title: 'ok', description: 'ok' }, { description: 'no title' }];
    expect(await issuesOf(CreateWorkEntryDto, { ...ENTRY, additionalProjects })).toEqual([
      { loc: ['body', 'additionalProjects', 1, 'title'], type: 'missing' },
    ]);
  });

  it('refuse a list whose items are lists (found by fuzzing)', async () => {
    const additionalProjects = [[{ title: 'x', description: 'y' }]];
    expect(await issuesOf(CreateWorkEntryDto, { ...ENTRY, additionalProjects })).toEqual([
      { loc: ['body', 'additionalProjects'], type: 'model_type' },
    ]);
  });
});

describe("a work entry's id in a path", () => {
  it('is a UUID', async () => {
    expect(await issuesOf(WorkEntryIdParams, { entry_id: 'not-a-uuid' }, 'param')).toEqual([
      { loc: ['path', 'entry_id'], type: 'uuid_parsing' },
    ]);
    expect(await issuesOf(WorkEntryIdParams, { entry_id: '0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a' }, 'param')).toEqual([]);
  });
});
