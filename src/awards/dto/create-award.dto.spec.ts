import { issuesOf } from '@test/support/validated';
import { UpdateAwardDto } from './create-award.dto';

describe("an award's translations", () => {
  it('take the texts of a language the service knows, field by field', async () => {
    expect(await issuesOf(UpdateAwardDto, { translations: { nederlands: { title: 'Prijs' } } })).toEqual([]);
  });

  it.each([
    ['a language it does not know', { francais: { title: 'Prix' } }],
    ['English, which is the item’s own fields', { english: { title: 'Award' } }],
    ['a translated field over its rules', { nederlands: { title: 'x'.repeat(201) } }],
    // As JSON text, parsed as the body parser parses it: a test's arguments are copied, and a copy drops an own `__proto__`.
    ['`__proto__`', '{"__proto__":{"title":"Prijs"}}'],
    ['`constructor`', '{"constructor":{"title":"Prijs"}}'],
  ])('refuse %s, at `translations`', async (_, translations) => {
    const body: unknown = typeof translations === 'string' ? JSON.parse(`{"translations":${translations}}`) : { translations };
    const issues = await issuesOf(UpdateAwardDto, body);
    expect(issues.map(({ loc }) => loc.slice(0, 2))).toContainEqual(['body', 'translations']);
  });
});
