import { getMetadataStorage, IsString, validateSync } from 'class-validator';

/**
 * class-validator with the fix in patches/: a class's rules are resolved once (its own and those
 * it inherits), not again for every object validated, and again once a rule is added.
 */
describe("class-validator's rules of a class", () => {
  class Base {
    @IsString()
    readonly title!: string;
  }
  class Item extends Base {
    @IsString()
    readonly slug!: string;
  }

  it('are resolved once, however many objects of the class are validated', () => {
    const resolve = vi.spyOn(
      getMetadataStorage() as unknown as { resolveTargetValidationMetadatas: () => unknown },
      'resolveTargetValidationMetadatas',
    );
    try {
      for (let i = 0; i < 3; i += 1) expect(validateSync(Object.assign(new Item(), { title: 't', slug: 's' }))).toEqual([]);
      expect(resolve).toHaveBeenCalledTimes(1);
    } finally {
      resolve.mockRestore();
    }
  });

  it('hold a rule added after the first validation, the inherited ones included', () => {
    class Later extends Base {}
    const later = Object.assign(new Later(), { title: 't', summary: 5 });
    expect(validateSync(later)).toEqual([]);
    IsString()(Later.prototype, 'summary');
    expect(validateSync(later).map(({ property }) => property)).toEqual(['summary']);
    expect(validateSync(Object.assign(new Later(), { title: 5, summary: 's' })).map(({ property }) => property)).toEqual(['title']);
  });
});
