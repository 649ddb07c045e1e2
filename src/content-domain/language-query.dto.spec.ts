import { issuesOf } from '@test/support/validated';
import { LanguageQueryDto } from './language-query.dto';

describe('?lang', () => {
  it.each(['english', 'nederlands'])('takes %s', async (lang) => {
    expect(await issuesOf(LanguageQueryDto, { lang }, 'query')).toEqual([]);
  });

  it.each(['fr', 'dutch', 'English', ''])('refuses %j at the query parameter', async (lang) => {
    expect(await issuesOf(LanguageQueryDto, { lang }, 'query')).toEqual([{ loc: ['query', 'lang'], type: expect.any(String) }]);
  });
});
