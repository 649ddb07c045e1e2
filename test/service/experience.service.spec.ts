import { NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { TestingModule } from '@nestjs/testing';
import { ExperienceService } from '@/experience/experience.service';
import { DEMO } from '@test/support/demo';
import { serviceContext } from '@test/support/service-context';

describe('ExperienceService over the served content document', () => {
  let context: TestingModule;
  let experience: ExperienceService;

  beforeAll(async () => {
    context = await serviceContext();
    experience = context.get(ExperienceService);
  });
  afterAll(() => context.close());

  it('lists the entries newest first, or only the `top` most recent', async () => {
    expect(await experience.findAll()).toEqual(DEMO.experience);
    expect(await experience.findRecent(2)).toEqual(DEMO.experience.slice(0, 2));
    expect(await experience.findRecent(0)).toEqual([]);
  });

  it('finds an entry by position, and names a position that holds none', async () => {
    expect(await experience.findByIndex(1)).toEqual(DEMO.experience[1]);
    for (const index of [-1, DEMO.experience.length]) {
      await expect(experience.findByIndex(index)).rejects.toThrow(
        new NotFoundException({ detail: `Experience entry at index ${index} not found` }),
      );
    }
  });

  it('refuses every write with 503', async () => {
    const id = DEMO.experience[0].id;
    await expect(experience.create({ company: 'C', role: 'R', period: 'P' })).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(experience.patch(id, { role: 'Lead' })).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(experience.remove(id)).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(experience.reorder([id])).rejects.toBeInstanceOf(ServiceUnavailableException);
  });
});
