import { PROJECTS } from '@/content';
import { toProjectCard, toProjectDetail } from './project.mapper';

describe('project mapping', () => {
  it('keeps detail fields out of a card', () => {
    const card = toProjectCard(PROJECTS[0]);
    expect(card).not.toHaveProperty('overview');
    expect(card).toMatchObject({ slug: PROJECTS[0].slug, title: PROJECTS[0].title });
  });

  it('links a detail to its neighbours in display order', () => {
    const ordered = PROJECTS.slice(0, 3);
    expect(toProjectDetail(ordered, 1).navigation).toEqual({
      previous: { slug: ordered[0].slug, title: ordered[0].title },
      next: { slug: ordered[2].slug, title: ordered[2].title },
    });
    expect(toProjectDetail(ordered, 0).navigation.previous).toBeNull();
    expect(toProjectDetail(ordered, 2).navigation.next).toBeNull();
  });

  it('gives a lone project no neighbours', () => {
    expect(toProjectDetail(PROJECTS.slice(0, 1), 0).navigation).toEqual({ previous: null, next: null });
  });
});
