import type { TestingModule } from '@nestjs/testing';
import { AwardsService } from '@/awards/awards.service';
import { CreateAwardDto } from '@/awards/dto/create-award.dto';
import type { Language } from '@/content';
import { ReplaceProfileDto } from '@/profile/dto/profile-input.dto';
import { ProfileService } from '@/profile/profile.service';
import { writableServiceContext } from '@test/support/service-context';
import { validatedBody } from '@test/support/validated';

// The one list of languages, with a third entry: nothing else is edited for it.
vi.mock('@/content/language-list', () => ({ LANGUAGE_LIST: { english: 'en', nederlands: 'nl', deutsch: 'de' } }));

/** A third language in the writes: the models take it and the services keep and read it, from its one entry in the list. */
describe('a third language in the writes, added as one entry to the list of languages', () => {
  let context: TestingModule;
  beforeAll(async () => {
    context = await writableServiceContext();
  });
  afterAll(() => context.close());

  it('takes writes with translations in German and reads them back in German only', async () => {
    const awards = context.get(AwardsService);
    const body = {
      title: 'Open source award',
      organization: 'NLnet',
      year: '2026',
      translations: { deutsch: { title: 'Open-Source-Preis' } },
    };
    const { id } = await awards.create(await validatedBody(CreateAwardDto, body));
    // The type of a language is the real list's; the mock adds German at run time only.
    const titleIn = async (language: string) => (await awards.findAll(language as Language)).find((award) => award.id === id)?.title;
    expect(await titleIn('deutsch')).toBe('Open-Source-Preis');
    expect(await titleIn('nederlands')).toBe('Open source award');
  });

  it('keeps the profile’s headline and summary in German too, with "" where none is written', async () => {
    const profile = context.get(ProfileService);
    await profile.replace(
      await validatedBody(ReplaceProfileDto, {
        name: 'Mara Jansen',
        headline: { english: 'Backend engineer', deutsch: 'Backend-Entwicklerin' },
      }),
    );
    const { headline, summary } = await profile.find();
    expect(headline).toEqual({ english: 'Backend engineer', nederlands: '', deutsch: 'Backend-Entwicklerin' });
    expect(summary).toEqual({ english: '', nederlands: '', deutsch: '' });
  });
});
