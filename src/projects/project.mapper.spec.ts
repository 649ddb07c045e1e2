import { DEMO_CONTENT } from '@/content';
import { projectFromItem } from './project-defaults';
import { toProjectCard, toProjectDetail } from './project.mapper';

const [first, second, third] = DEMO_CONTENT.projects.map(projectFromItem);

describe('project mapping', () => {
  it('keeps detail fields out of a card', () => {
    const card = toProjectCard(first);
    expect(card).not.toHaveProperty('overview');
    expect(card).toMatchObject({ slug: first.slug, title: first.title });
  });

  it('links a detail to its neighbours', () => {
    expect(toProjectDetail({ item: second, previous: first, next: third }).navigation).toEqual({
      previous: { slug: first.slug, title: first.title },
      next: { slug: third.slug, title: third.title },
    });
  });

  it('gives the ends no neighbour on their open side', () => {
    expect(toProjectDetail({ item: first, previous: undefined, next: undefined }).navigation).toEqual({ previous: null, next: null });
  });
});
