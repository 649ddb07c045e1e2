/** For the one who asked alone, kept by no cache: admin answers, previews, errors and 429s. */
export const PRIVATE = 'private, no-store';
