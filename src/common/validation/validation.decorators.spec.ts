import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { isURL } from 'validator';
import { isRfc3986Uri } from './validation.decorators';

/** What a client checking the description's `format: uri` accepts (ajv-formats, as the contract tests use). */
const isFormatUri = addFormats(new Ajv()).compile({ type: 'string', format: 'uri' });
const isHttpUrl = (value: string) => isURL(value, { protocols: ['http', 'https'], require_protocol: true, require_tld: false });

describe('IsHttpUrl', () => {
  it('accepts only URLs that a `format: uri` check accepts too', () => {
    const character = fc.constantFrom(...'ab1:/?#[]@!$&\'()*+,;=%2F.-_~ü"{}|\\^`<> '.split(''));
    const host = fc.constantFrom('a.example', '127.0.0.1', '[::1]', 'user@a.example', 'a.example:8080');
    const url = fc.tuple(host, fc.array(character, { maxLength: 24 })).map(([name, rest]) => `https://${name}${rest.join('')}`);
    fc.assert(
      fc.property(url, (candidate) => !(isHttpUrl(candidate) && isRfc3986Uri(candidate)) || isFormatUri(candidate)),
      { numRuns: 20_000 },
    );
  });

  it.each(['https://x.example/%C3%BC', 'https://x.example/a_b?c=d&e=f#g', 'http://127.0.0.1:8080/a/b', 'https://user@x.example/'])(
    'accepts %s',
    (url) => expect(isRfc3986Uri(url)).toBe(true),
  );

  it.each(['https://x.example/ü', 'https://x.example/"a"', 'https://x.example/a|b', 'https://x.example/%zz', 'https://x.example/#a#b'])(
    'refuses %s',
    (url) => expect(isRfc3986Uri(url)).toBe(false),
  );
});
