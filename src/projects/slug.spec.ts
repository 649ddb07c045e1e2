import { SLUG_PATTERN, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Tidewatch', 'tidewatch'],
    ['Café Ölstad 2.0', 'cafe-olstad-2-0'],
    ['  Learning -- Safe   Routes!  ', 'learning-safe-routes'],
    ['日本語', ''],
  ])('turns %j into %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('always yields a valid slug or nothing, within 100 characters', () => {
    for (const title of ['a'.repeat(300), `${'word '.repeat(40)}end`, '-x-', 'A_B']) {
      const slug = slugify(title);
      expect(slug.length).toBeLessThanOrEqual(100);
      if (slug) expect(slug).toMatch(SLUG_PATTERN);
    }
  });
});
