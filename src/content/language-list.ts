/**
 * The languages content is written in, as the API names them (the CV's names), each with the tag a
 * `Content-Language` header gives it (BCP 47). The first is the default. A third language is one
 * entry here; its CV labels are the one other thing to write (English ones stand in until then).
 */
export const LANGUAGE_LIST = { english: 'en', nederlands: 'nl' } as const;
