/** Every request body is at most this big, in bytes, */
export const BODY_LIMIT = 100 * 1024;

/** but on the routes that take a whole content document: at most this, and parsed only after the credential check. */
export const LARGE_BODY_LIMIT = 5 * 1024 * 1024;

/** A size as people read it: `100 KB`, `5 MB`. */
export const readableBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
