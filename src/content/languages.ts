import { LANGUAGE_LIST } from './language-list';

export type Language = keyof typeof LANGUAGE_LIST;

/** The content's languages, from their one list. English is the default, and the language of every item's own fields; the others are its translations. */
export const LANGUAGES = Object.keys(LANGUAGE_LIST) as readonly Language[];

export const DEFAULT_LANGUAGE = 'english' satisfies Language;

/** The languages an item may carry translations in: every one but the default. */
export const TRANSLATION_LANGUAGES = LANGUAGES.filter(
  (language): language is Exclude<Language, typeof DEFAULT_LANGUAGE> => language !== DEFAULT_LANGUAGE,
);
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** What a `Content-Language` header says of each (BCP 47). */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = LANGUAGE_LIST;

/** Text written once per language. */
export type Localised = { readonly [L in Language]: string };

/** One value per language, made from the language: the shape of every per-language record. */
export const perLanguage = <T>(value: (language: Language) => T): Record<Language, T> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, value(language)])) as Record<Language, T>;

/** An item's texts in the languages other than English, field by field; a field left out reads in English. */
export type Translations<T> = { readonly [L in TranslationLanguage]?: Partial<T> };

/** The item as a reader of `language` sees it: each translatable field in that language where it is written, in English where not. */
export function inLanguage<T extends { translations?: Translations<Pick<T, K>> }, K extends keyof T>(
  item: T,
  fields: readonly K[],
  language: Language,
): T {
  if (language === DEFAULT_LANGUAGE) return item;
  const translation = item.translations?.[language];
  if (!translation) return item;
  const written = fields.filter((field) => isWritten(translation[field]));
  if (written.length === 0) return item;
  return { ...item, ...Object.fromEntries(written.map((field) => [field, translation[field]])) };
}

const isWritten = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * What a PATCH changes in an item as it is: the fields given, and in `translations` only the
 * languages and fields given (merged over the item's own).
 */
export const patchedWith =
  <T, Item extends { translations?: Translations<T> }>(dto: Partial<Item>) =>
  (current: Item): Partial<Item> =>
    dto.translations ? { ...dto, translations: mergedTranslations(current.translations, dto.translations) } : dto;

/** A PATCH's translations over the item's: only the languages and fields given change. */
function mergedTranslations<T>(current: Translations<T> | undefined, changes: Translations<T>): Translations<T> {
  const merged: Record<string, Partial<T>> = { ...current };
  for (const language of TRANSLATION_LANGUAGES) {
    const given = changes[language];
    if (given) merged[language] = { ...merged[language], ...given };
  }
  return merged;
}

/** An item's translations as a content document lists them: left out when there are none. */
export const listedTranslations = <T>(translations: Translations<T> | undefined): { translations?: Translations<T> } =>
  translations && Object.keys(translations).length > 0 ? { translations } : {};
