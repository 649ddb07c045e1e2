import { issuesOf } from '@test/support/validated';
import { ContactRequestDto } from './contact-request.dto';

const VISITOR = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I would like to talk about a project.',
  company: 'Analytical Engines',
};
const contact = (changes: object) => issuesOf(ContactRequestDto, { ...VISITOR, ...changes });

describe('a contact message', () => {
  it.each([
    ['1 character', 'A', 'string_too_short'],
    ['1 character after stripping', '  A  ', 'string_too_short'],
    ['2 characters', 'Al', undefined],
    ['2 characters after stripping', '   Al\t', undefined],
    ['100 characters', 'n'.repeat(100), undefined],
    ['100 characters after stripping', ` ${'n'.repeat(100)} `, undefined],
    ['101 characters', 'n'.repeat(101), 'string_too_long'],
    ['whitespace only', '    \t  ', 'string_too_short'],
  ])('takes a name of %s, or names the issue', async (_, name, type) => {
    expect(await contact({ name })).toEqual(type ? [{ loc: ['body', 'name'], type }] : []);
  });

  it.each([123, true, ['Ada'], { first: 'Ada' }, null])('refuses the non-string name %j without coercing it', async (name) => {
    expect(await contact({ name })).toEqual([{ loc: ['body', 'name'], type: 'string_type' }]);
  });

  it.each([
    [9, 'string_too_short'],
    [10, undefined],
    [5000, undefined],
    [5001, 'string_too_long'],
  ])('takes a message of %i characters, or names the issue', async (length, type) => {
    expect(await contact({ message: 'm'.repeat(length) })).toEqual(type ? [{ loc: ['body', 'message'], type }] : []);
  });

  it.each([
    [200, undefined],
    [201, 'string_too_long'],
  ])('takes a company of %i characters, or names the issue', async (length, type) => {
    expect(await contact({ company: 'c'.repeat(length) })).toEqual(type ? [{ loc: ['body', 'company'], type }] : []);
  });

  it.each([
    'plainaddress',
    'ada@',
    '@example.com',
    'ada@@example.com',
    'ada example@example.com',
    'ada@example..com',
    'ada@example.com\r\nBcc: x@y.z',
    '',
    '"a b"@example.org',
    '"ada"@example.org',
    'ada(comment)@example.org',
    '(comment)ada@example.org',
    'ada@example.org (Ada)',
    'Ada <ada@example.org>',
  ])('refuses the email %j', async (email) => {
    expect(await contact({ email })).toEqual([{ loc: ['body', 'email'], type: 'value_error' }]);
  });

  it('reports every missing field', async () => {
    expect(await issuesOf(ContactRequestDto, {})).toEqual(
      ['name', 'email', 'message'].map((field) => ({ loc: ['body', field], type: 'missing' })),
    );
  });
});
