import { isPrintableText, printableText } from './printable-text';

describe('printable text', () => {
  it('takes letters of any script, emoji, tabs and line breaks', () => {
    for (const text of ['Tidewatch', 'Ελληνικά 中文 🌊', 'a\tb\nc\r\nd']) expect([text, isPrintableText(text)]).toEqual([text, true]);
  });

  it('refuses control characters, noncharacters and a surrogate without its pair', () => {
    for (const text of ['a\u0001', 'a\u000b', 'a\u001f', 'a\u007f', 'a\u0085', 'a\uffff', 'a\ud800', '\udc00a', 'a\ud800b'])
      expect([text, isPrintableText(text)]).toEqual([text, false]);
  });

  it('leaves out what XML cannot hold, NUL too, and keeps the rest as it is', () => {
    expect(printableText('T\u0000y\u0001p\u000bed\ud800 🌊\tby\nhand')).toBe('Typed 🌊\tby\nhand');
  });
});
