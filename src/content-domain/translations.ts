import { applyDecorators, type Type } from '@nestjs/common';
import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { type Language, LANGUAGES, TRANSLATION_LANGUAGES } from '@/content';
import { SchemaRules } from '@/common/openapi/schema-rules';
import { wasSentWithPrototypeKeys } from '@/common/validation/prototype-keys';
import { IsNestedObject, IsOmittable } from '@/common/validation/validation.decorators';
import { ModelWith } from '@/common/validation/model-with';

/** A model with one property per language (every one, or those given), each declared by `property`. */
export const PerLanguageModel = <Shape extends object>(
  property: (language: Language) => PropertyDecorator,
  languages: readonly Language[] = LANGUAGES,
): Type<Shape> => ModelWith<Shape, Language>(languages, property);

/**
 * The model of an item's `translations`: one optional property per language but English, each the
 * item's text model (its translatable fields, each with its own rules, all optional). No other key
 * is declared or taken.
 */
export function TranslationsOf(text: Type, schemaName: string): Type {
  @ApiSchema({ name: schemaName, description: 'The texts in the other languages; a field left out reads in English' })
  @SchemaRules(schemaName, { additionalProperties: false })
  class Translations extends PerLanguageModel(
    (language) =>
      applyDecorators(
        ApiPropertyOptional({ type: text, description: `The texts in ${language}` }),
        IsOmittable(),
        IsNestedObject(() => text),
      ),
    TRANSLATION_LANGUAGES,
  ) {}
  return Translations;
}

/**
 * An object keyed by language holds no other key: a language the service does not know is refused
 * (422), for a typo must not vanish silently; `__proto__` and `constructor` too, which the
 * validation pipe deletes.
 */
export function InLanguagesOnly(languages: readonly Language[], message: string): PropertyDecorator {
  const known = new Set<string>(languages);
  const inKnownLanguages = (value: unknown): boolean =>
    typeof value !== 'object' || value === null || (Object.keys(value).every((key) => known.has(key)) && !wasSentWithPrototypeKeys(value));
  return applyDecorators(
    // The object class-transformer makes holds only the languages it declares: the rule reads the body as sent.
    Transform(({ value, obj, key }: { value: unknown; obj: Record<string, unknown>; key: string }) =>
      inKnownLanguages(obj[key]) ? value : obj[key],
    ),
    ValidateBy({ name: 'knownLanguages', validator: { validate: inKnownLanguages, defaultMessage: () => message } }),
  );
}

/**
 * An item's optional `translations` (`{ "nederlands": { "title": … } }`), declared once for both.
 * `english` is refused too: it is the item's own fields.
 */
export function TranslationsField(translations: () => Type): PropertyDecorator {
  return applyDecorators(
    // Written out here: @nestjs/swagger knows a lazy type by the name an arrow gets from a `type:` key.
    ApiPropertyOptional({ type: () => translations(), description: 'The texts in the other languages; a field left out reads in English' }),
    IsOmittable(),
    InLanguagesOnly(
      TRANSLATION_LANGUAGES,
      `Translations are written in ${TRANSLATION_LANGUAGES.join(', ')} (English is the item's own fields)`,
    ),
    IsNestedObject(translations),
  );
}
