import { HOSTILE_LINKS } from '@test/support/hostile-links';
import { issuesOf } from '@test/support/validated';
import { CreateProjectDto } from './create-project.dto';
import { UpdateProjectDto } from './update-project.dto';

const PROJECT = { title: 'A', description: 'B' };

describe('a project as an admin writes it', () => {
  it.each([
    [{ description: 'no title' }, ['body', 'title'], 'missing'],
    [{ title: '', description: 'x' }, ['body', 'title'], 'string_too_short'],
    [{ title: 'x'.repeat(201), description: 'x' }, ['body', 'title'], 'string_too_long'],
    [{ title: 'x', description: 'x', slug: 'Not A Slug' }, ['body', 'slug'], 'string_pattern_mismatch'],
    [{ title: 'x', description: 'x', slug: 'reorder' }, ['body', 'slug'], 'value_error'],
    [{ title: 'nul\u0000byte', description: 'x' }, ['body', 'title'], 'value_error'],
    [{ title: 'x', description: 'x', technologies: 'Go' }, ['body', 'technologies'], 'list_type'],
    [{ title: 'x', description: 'x', technologies: ['ok', 5] }, ['body', 'technologies'], 'string_type'],
  ])('refuses %j at %j', async (body, loc, type) => {
    expect(await issuesOf(CreateProjectDto, body)).toContainEqual({ loc, type });
  });

  it.each(['demo', 'image', 'embeddedApp', 'publicationUrl', 'thesisUrl'])('refuses any scheme but http(s) in %s', async (field) => {
    const relative = field === 'demo' || field === 'image' ? ['//evil.example/x', '/\\evil.example'] : ['/projects/a'];
    for (const link of [...HOSTILE_LINKS, ...relative]) {
      expect(await issuesOf(CreateProjectDto, { ...PROJECT, [field]: link }), link).toEqual([
        { loc: ['body', field], type: expect.any(String) },
      ]);
    }
    expect(await issuesOf(UpdateProjectDto, { [field]: HOSTILE_LINKS[0] })).toEqual([{ loc: ['body', field], type: expect.any(String) }]);
  });

  it.each([
    ['demo', '/projects/tidewatch'],
    ['demo', 'https://tidewatch.example.com/'],
    ['image', '/images/tidewatch.png?v=2#top'],
    ['image', ''],
    ['embeddedApp', 'http://localhost:5173/embed'],
  ])('takes %s %s', async (field, link) => {
    expect(await issuesOf(CreateProjectDto, { ...PROJECT, [field]: link })).toEqual([]);
  });
});
