/**
 * What no text a person writes holds, and XML 1.0 cannot: control characters other than tab and
 * line breaks (C0, DEL and C1), the noncharacters U+FFFE and U+FFFF, and a surrogate that is not
 * half of a pair. (U+0000 has a rule and a message of its own.)
 */
const UNPRINTABLE = /(?![\t\n\r\0])\p{Cc}|\p{Cs}|[\ufffe\uffff]/u;
const EVERY_UNPRINTABLE = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\ufffe\uffff]/gu;

export const isPrintableText = (value: string): boolean => !UNPRINTABLE.test(value);

/** The text with every character XML cannot hold left out: for content stored before the rule, or by SQL typed by hand. */
export const printableText = (value: string): string => value.replace(EVERY_UNPRINTABLE, '');
