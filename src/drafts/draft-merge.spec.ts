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
  it('is the domains where it differs from the published content, with their published parts as its base', () => {
    const published = documentWith([award('a', 'A')], { name: 'Mara' });
    const drafted = documentWith([award('a', 'A, drafted')], { name: 'Mara' });
    expect(draftBetween(published, drafted)).toEqual({ base: { awards: published.awards }, document: { awards: drafted.awards } });
  });
});

describe('what a merge and a draft compare, counted', () => {
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

  it('tells the domains a draft changes from those it leaves as published while merging, each side serialised once', () => {
    const base = many(500);
    const draft = many(500, 250);
    const once = JSON.stringify(base.awards).length + JSON.stringify(draft.awards).length;
    let merged!: ReturnType<typeof mergeDraft>;
    expect(serialised(() => (merged = mergeDraft({ awards: base.awards }, { awards: draft.awards }, base)))).toBeLessThan(once * 1.25);
    expect(merged.changed).toEqual(['awards']);
  });

  it('tells a draft whose change was also made directly from one that still differs', () => {
    const base = documentWith([award('a', 'A'), award('b', 'B')]);
    const draft = documentWith([award('a', 'A, both'), award('b', 'B')]);
    expect(mergeDraft({ awards: base.awards }, { awards: draft.awards }, draft).changed).toEqual([]);
    const moved = documentWith([award('b', 'B'), award('a', 'A')]);
    expect(mergeDraft({ awards: base.awards }, { awards: moved.awards }, base).changed).toEqual(['awards']);
  });

  it('stops comparing a drafted list with the published one at the first item that differs', () => {
    const published = many(500);
    const drafted = many(500, 0);
    expect(serialised(() => draftBetween({ awards: published.awards }, { awards: drafted.awards }))).toBeLessThan(200);
  });
});
