import { issuesOf } from '@test/support/validated';
import { HOSTILE_LINKS } from '@test/support/hostile-links';
import { ReplaceProfileDto, UpdateProfileDto } from './profile-input.dto';

describe('the profile as an admin writes it', () => {
  it('refuses any scheme but http(s) in the website, whether it is replaced or changed', async () => {
    for (const link of [...HOSTILE_LINKS, '/projects/a']) {
      expect(await issuesOf(ReplaceProfileDto, { name: 'A', website: link }), link).toEqual([
        { loc: ['body', 'website'], type: expect.any(String) },
      ]);
      expect(await issuesOf(UpdateProfileDto, { website: link }), link).toEqual([{ loc: ['body', 'website'], type: expect.any(String) }]);
    }
  });

  it('refuses links whose items are lists (found by fuzzing)', async () => {
    expect(await issuesOf(ReplaceProfileDto, { name: 'Mara', links: [[{ label: 'x', url: 'https://x.example' }]] })).toEqual([
      { loc: ['body', 'links'], type: 'model_type' },
    ]);
  });
});
