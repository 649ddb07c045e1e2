import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { isHttpUrl, TextField, TextListField } from './validation.decorators';

/** What a client checking the description's `format: uri` accepts (ajv-formats, as the contract tests use). */
const isFormatUri = addFormats(new Ajv()).compile({ type: 'string', format: 'uri' });

describe('IsHttpUrl', () => {
  it('accepts only URLs that a `format: uri` check accepts too', () => {
    const character = fc.constantFrom(...'ab1:/?#[]@!$&\'()*+,;=%2F.-_~ü"{}|\\^`<> '.split(''));
    const host = fc.constantFrom('a.example', '127.0.0.1', '[::1]', 'user@a.example', 'a.example:8080');
    const url = fc.tuple(host, fc.array(character, { maxLength: 24 })).map(([name, rest]) => `https://${name}${rest.join('')}`);
    fc.assert(
      fc.property(url, (candidate) => !isHttpUrl(candidate) || isFormatUri(candidate)),
      { numRuns: 20_000 },
    );
  });

  it.each(['https://x.example/%C3%BC', 'https://x.example/a_b?c=d&e=f#g', 'http://127.0.0.1:8080/a/b', 'https://localhost'])(
    'accepts %s',
    (url) => expect(isHttpUrl(url)).toBe(true),
  );

  it.each([
    'https://x.example/ü',
    'https://x.example/"a"',
    'https://x.example/a|b',
    'https://x.example/%zz',
    'https://x.example/#a#b',
    // A link that reads as one host and goes to another: https://github.com@evil.example/.
    'https://user@x.example/',
    'http:///a',
    'https://-x.example/',
    'https://[::1]/',
  ])('refuses %s', (url) => expect(isHttpUrl(url)).toBe(false));
});

describe('field decorators: one declaration for the validation and the description', () => {
  class Sample {
    @TextField({ min: 2, max: 4 })
    readonly name!: string;

    @TextListField({ maxItems: 2, max: 3 })
    readonly tags?: string[];
  }
  const issuesOf = async (value: object) => (await validate(plainToInstance(Sample, value))).map((error) => error.property);
  const declared = (property: string) =>
    // @nestjs/swagger's own metadata key (its constants are not among the package's exports).
    Reflect.getMetadata('swagger/apiModelProperties', Sample.prototype, property) as Record<string, unknown>;

  it('declares what it checks', async () => {
    expect(declared('name')).toMatchObject({ minLength: 2, maxLength: 4 });
    expect(declared('tags')).toMatchObject({ maxItems: 2, items: { type: 'string', maxLength: 3 }, required: false });
    expect(await issuesOf({ name: 'ok' })).toEqual([]);
    expect(await issuesOf({ name: 'a' })).toEqual(['name']);
    expect(await issuesOf({ name: 'abcde' })).toEqual(['name']);
    expect(await issuesOf({ name: 'ok', tags: ['a', 'b', 'c'] })).toEqual(['tags']);
    expect(await issuesOf({ name: 'ok', tags: ['abcd'] })).toEqual(['tags']);
  });
});
