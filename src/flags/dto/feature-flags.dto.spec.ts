import { issuesOf } from '@test/support/validated';
import { FeatureFlagsUpdateDto } from './feature-flags.dto';

describe('a change of the feature flags', () => {
  it('takes either flag as true or false, and leaves unknown fields out', async () => {
    expect(await issuesOf(FeatureFlagsUpdateDto, { cvGeneration: true, portfolioContentApi: false, darkMode: true })).toEqual([]);
  });

  it.each([
    ['a string', { cvGeneration: 'true' }],
    ['a number', { portfolioContentApi: 1 }],
    ['null', { cvGeneration: null }],
  ])('refuses %s for a flag, at that flag', async (_, body) => {
    const [flag] = Object.keys(body);
    expect(await issuesOf(FeatureFlagsUpdateDto, body)).toEqual([{ loc: ['body', flag], type: expect.any(String) }]);
  });
});
