import { NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { ProjectsService } from '@/projects/projects.service';
import { DEMO } from '@test/support/demo';
import { serviceContext } from '@test/support/service-context';

describe('ProjectsService over the served content document', () => {
  let context: TestingModule;
  let projects: ProjectsService;

  beforeAll(async () => {
    context = await serviceContext();
    projects = context.get(ProjectsService);
  });
  afterAll(() => context.close());

  it('lists the cards in the document order, without detail fields', async () => {
    const cards = await projects.findAll();
    expect(cards.map((card) => card.slug)).toEqual(DEMO.projects.map((project) => project.slug));
    expect(cards[0]).not.toHaveProperty('overview');
  });

  it('places a detail between its neighbours, and the ends next to nothing', async () => {
    const [first, second, third] = DEMO.projects;
    expect((await projects.findDetail(second.slug)).navigation).toEqual({
      previous: { slug: first.slug, title: first.title },
      next: { slug: third.slug, title: third.title },
    });
    expect((await projects.findDetail(first.slug)).navigation.previous).toBeNull();
    expect((await projects.findDetail(DEMO.projects.at(-1)!.slug)).navigation.next).toBeNull();
  });

  it('names an unknown slug in its 404', async () => {
    await expect(projects.findDetail('no-such-project')).rejects.toThrow(
      new NotFoundException({ detail: 'Project "no-such-project" not found' }),
    );
  });

  it('refuses every write with 503, after its own rules', async () => {
    await expect(projects.create({ title: 'A title', description: 'Something' })).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(projects.create({ title: '日本語', description: 'No slug to derive' })).rejects.toBeInstanceOf(RequestValidationException);
    await expect(projects.patch('tidewatch', { status: 'Retired' })).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(projects.replace('tidewatch', { title: 'T', description: 'D' })).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(projects.remove('tidewatch')).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(projects.reorder(['ledger-lens'])).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(projects.replacePart([])).rejects.toBeInstanceOf(ServiceUnavailableException);
    expect(await projects.findAll()).toHaveLength(DEMO.projects.length);
  });
});
