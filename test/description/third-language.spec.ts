import { builtDescription } from '@test/support/built-description';

// The one list of languages, with a third entry: nothing else is edited for it (test/http/third-language.spec.ts reads it).
vi.mock('@/content/language-list', () => ({ LANGUAGE_LIST: { english: 'en', nederlands: 'nl', deutsch: 'de' } }));

interface Schema {
  properties?: Record<string, Schema>;
  enum?: string[];
}

describe('a third language in the description', () => {
  it('describes German wherever the description names the languages', async () => {
    const description = (await builtDescription()) as unknown as {
      components: { schemas: Record<string, Schema> };
      paths: Record<string, { get: { parameters: { name: string; schema: Schema }[] } }>;
    };
    const { schemas } = description.components;
    const lang = description.paths['/api/awards'].get.parameters.find((parameter) => parameter.name === 'lang');
    expect(lang?.schema.enum).toEqual(['english', 'nederlands', 'deutsch']);
    expect(Object.keys(schemas.LocalisedText.properties ?? {})).toEqual(['english', 'nederlands', 'deutsch']);
    expect(Object.keys(schemas.ProfileHeadlineInput.properties ?? {})).toEqual(['english', 'nederlands', 'deutsch']);
    expect(Object.keys(schemas.AwardTranslations.properties ?? {})).toEqual(['nederlands', 'deutsch']);
    expect(Object.keys(schemas.DownloadsByLocale.properties ?? {})).toEqual(['english', 'nederlands', 'deutsch']);
  });
});
