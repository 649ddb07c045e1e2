import { issuesOf } from '@test/support/validated';
import { ExperienceIndexParams } from './experience-params.dto';
import { ExperienceQueryDto } from './experience-query.dto';

describe('the reads of experience', () => {
  it.each(['0', '2', '1000'])('take ?top=%s', async (top) => {
    expect(await issuesOf(ExperienceQueryDto, { top }, 'query')).toEqual([]);
  });

  it.each(['-1', 'abc', '1.5', '', '1e2', '0x10'])('refuse ?top=%s at the query parameter', async (top) => {
    expect(await issuesOf(ExperienceQueryDto, { top }, 'query')).toEqual([{ loc: ['query', 'top'], type: expect.any(String) }]);
  });

  it('refuse a repeated ?top', async () => {
    expect(await issuesOf(ExperienceQueryDto, { top: ['1', '2'] }, 'query')).toEqual([{ loc: ['query', 'top'], type: expect.any(String) }]);
  });

  it.each(['abc', '1.0', '9999999999999999999999'])('refuse the index %s at the path parameter', async (index) => {
    expect(await issuesOf(ExperienceIndexParams, { index }, 'param')).toEqual([{ loc: ['path', 'index'], type: 'int_parsing' }]);
  });
});
