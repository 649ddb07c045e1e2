import type { ContentDocument } from '@/content';
import { draftBetween, mergeDraft } from './draft-merge';

const award = (id: string, title: string) => ({ id, title, organization: 'Org', year: 2020 });
const documentWith = (awards: unknown[], profile: unknown = { name: 'Mara' }): ContentDocument =>
  ({ version: 1, profile, projects: [], experience: [], skills: [], awards, certifications: [] }) as unknown as ContentDocument;

describe('a draft merged with the published content', () => {
  const base = documentWith([award('a', 'A'), award('b', 'B'), award('c', 'C')]);

  it('keeps a direct write to an item the draft left alone, and the draft’s own changes', () => {
    const draft = documentWith([award('a', 'A, drafted'), award('b', 'B'), award('c', 'C')]);
    const published = documentWith([award('a', 'A'), award('b', 'B, direct'), award('c', 'C')]);
    const { parts: document, overridden } = mergeDraft(base, draft, published);
    expect(document.awards!.map((item) => item.title)).toEqual(['A, drafted', 'B, direct', 'C']);
    expect(overridden).toEqual([]);
  });

  it('lets the draft win where both changed an item, and names it', () => {
    const draft = documentWith([award('a', 'A, drafted'), award('b', 'B'), award('c', 'C')], { name: 'Mara J.' });
    const published = documentWith([award('a', 'A, direct'), award('b', 'B'), award('c', 'C')], { name: 'Mara Jansen' });
    const { parts: document, overridden } = mergeDraft(base, draft, published);
    expect(document.awards![0].title).toBe('A, drafted');
    expect(document.profile).toEqual({ name: 'Mara J.' });
    expect(overridden).toEqual([
      { domain: 'profile', id: null },
      { domain: 'awards', id: 'a' },
    ]);
  });

  it('keeps items added and removed on either side', () => {
    const draft = documentWith([award('a', 'A'), award('c', 'C'), award('d', 'D, drafted')]);
    const published = documentWith([award('a', 'A'), award('b', 'B'), award('e', 'E, direct')]);
    const { parts: document } = mergeDraft(base, draft, published);
    // b: removed by the draft; c: removed directly; d and e: added, each kept.
    expect(document.awards!.map((item) => item.id)).toEqual(['a', 'e', 'd']);
  });

  it("keeps the draft's order when the draft moved items, else the published order", () => {
    const moved = mergeDraft(base, documentWith([award('c', 'C'), award('a', 'A'), award('b', 'B')]), base);
    expect(moved.parts.awards!.map((item) => item.id)).toEqual(['c', 'a', 'b']);
    const movedDirectly = mergeDraft(base, base, documentWith([award('b', 'B'), award('a', 'A'), award('c', 'C')]));
    expect(movedDirectly.parts.awards!.map((item) => item.id)).toEqual(['b', 'a', 'c']);
  });

  it('merges only the domains the draft holds', () => {
    const { parts } = mergeDraft({ awards: base.awards }, { awards: base.awards }, documentWith([award('z', 'Z')]));
    expect(Object.keys(parts)).toEqual(['awards']);
    expect(parts.awards).toEqual([award('z', 'Z')]);
  });
});

describe('what a draft keeps', () => {
  it('is the domains where it differs from the published content: of a list, the items that differ, with both orders', () => {
    const published = documentWith([award('a', 'A'), award('b', 'B')], { name: 'Mara' });
    const drafted = documentWith([award('a', 'A'), award('b', 'B, drafted'), award('c', 'C')], { name: 'Mara J.' });
    expect(draftBetween(published, drafted)).toEqual({
      base: { profile: { name: 'Mara' }, awards: [award('b', 'B')] },
      document: { profile: { name: 'Mara J.' }, awards: [award('b', 'B, drafted'), award('c', 'C')] },
      orders: { awards: { base: ['a', 'b'], draft: ['a', 'b', 'c'] } },
    });
  });

  it('keeps a list whose items only moved as its orders alone', () => {
    const published = documentWith([award('a', 'A'), award('b', 'B')]);
    const moved = documentWith([award('b', 'B'), award('a', 'A')]);
    expect(draftBetween(published, moved)).toEqual({
      base: { awards: [] },
      document: { awards: [] },
      orders: { awards: { base: ['a', 'b'], draft: ['b', 'a'] } },
    });
    expect(draftBetween(published, published)).toEqual({ base: {}, document: {}, orders: {} });
  });

  const base = documentWith([award('a', 'A'), award('b', 'B'), award('c', 'C')]);
  it.each([
    [
      'a direct write to an item the draft left alone',
      [award('a', 'A, drafted'), award('b', 'B'), award('c', 'C')],
      [award('a', 'A'), award('b', 'B, direct'), award('c', 'C')],
    ],
    [
      'both changing one item',
      [award('a', 'A, drafted'), award('b', 'B'), award('c', 'C')],
      [award('a', 'A, direct'), award('b', 'B'), award('c', 'C')],
    ],
    [
      'items added and removed on either side',
      [award('a', 'A'), award('c', 'C'), award('d', 'D, drafted')],
      [award('a', 'A'), award('b', 'B'), award('e', 'E, direct')],
    ],
    ['the draft moving items', [award('c', 'C'), award('a', 'A'), award('b', 'B')], [award('a', 'A'), award('b', 'B'), award('c', 'C')]],
    [
      'a direct write moving items',
      [award('a', 'A'), award('b', 'B, drafted'), award('c', 'C')],
      [award('b', 'B'), award('a', 'A'), award('c', 'C')],
    ],
    ['both deleting one item', [award('a', 'A'), award('b', 'B')], [award('a', 'A'), award('b', 'B')]],
  ])('merges as it merged whole: %s', (_, draftAwards, publishedAwards) => {
    const [draft, published] = [documentWith(draftAwards), documentWith(publishedAwards)];
    const stored = draftBetween({ awards: base.awards }, { awards: draft.awards });
    expect(mergeDraft(stored.base, stored.document, published, stored.orders)).toEqual(
      mergeDraft({ awards: base.awards }, { awards: draft.awards }, published),
    );
  });

  it('loses no item a draft stored whole holds where its orders do not name it (an earlier version wrote the draft over them)', () => {
    const drafted = documentWith([award('a', 'A'), award('b', 'B'), award('c', 'C'), award('d', 'D, added')]).awards;
    const stale = { awards: { base: ['a', 'b', 'c'], draft: ['a', 'b', 'c'] } };
    const { parts } = mergeDraft({ awards: base.awards }, { awards: drafted }, base, stale);
    expect(parts.awards!.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('what a merge and a draft compare and store, counted', () => {
  const many = (count: number, changedAt?: number) =>
    documentWith(Array.from({ length: count }, (_, index) => award(`id-${index}`, index === changedAt ? 'drafted' : `Award ${index}`)));
  /** The characters JSON.stringify produced while `work` ran. */
  const serialised = (work: () => void): number => {
    const stringify = JSON.stringify;
    let characters = 0;
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation((...args: Parameters<typeof stringify>) => {
      const text = stringify(...args);
      characters += text?.length ?? 0;
      return text;
    });
    try {
      work();
    } finally {
      spy.mockRestore();
    }
    return characters;
  };

  it('tells the domains a draft stored whole changes while merging, each side serialised once', () => {
    const base = many(500);
    const draft = many(500, 250);
    const once = JSON.stringify(base.awards).length + JSON.stringify(draft.awards).length;
    let merged!: ReturnType<typeof mergeDraft>;
    expect(serialised(() => (merged = mergeDraft({ awards: base.awards }, { awards: draft.awards }, base)))).toBeLessThan(once * 1.25);
    expect(merged.changed).toEqual(['awards']);
  });

  it('stores one changed item of 500 as that item on each side, finding and merging it without serialising the 499 others', () => {
    const published = many(500);
    let stored!: ReturnType<typeof draftBetween>;
    const drafted = many(500, 250);
    expect(serialised(() => (stored = draftBetween({ awards: published.awards }, { awards: drafted.awards })))).toBeLessThan(
      JSON.stringify(published.awards).length / 10,
    );
    expect([stored.base.awards, stored.document.awards]).toEqual([[award('id-250', 'Award 250')], [award('id-250', 'drafted')]]);
    let merged!: ReturnType<typeof mergeDraft>;
    const characters = serialised(() => (merged = mergeDraft(stored.base, stored.document, published, stored.orders)));
    expect(characters).toBeLessThan(JSON.stringify(published.awards).length / 10);
    expect(merged.parts.awards![250].title).toBe('drafted');
    expect(merged.changed).toEqual(['awards']);
  });

  it('tells a draft whose change was also made directly from one that still differs', () => {
    const base = documentWith([award('a', 'A'), award('b', 'B')]);
    const draft = documentWith([award('a', 'A, both'), award('b', 'B')]);
    expect(mergeDraft({ awards: base.awards }, { awards: draft.awards }, draft).changed).toEqual([]);
    const moved = documentWith([award('b', 'B'), award('a', 'A')]);
    expect(mergeDraft({ awards: base.awards }, { awards: moved.awards }, base).changed).toEqual(['awards']);
  });
});
