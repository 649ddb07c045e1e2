/** Every request body is at most this big, in bytes, */
export const BODY_LIMIT = 100 * 1024;

/** but on the route that takes a whole content document: at most this, and read only after the credential check. */
export const LARGE_BODY_LIMIT = 5 * 1024 * 1024;

/** That route, PUT /api/admin/content, whose body the global parser leaves for @LargeJsonBody(). */
export const takesLargeBody = (req: { method: string; path: string }): boolean => req.method === 'PUT' && req.path === '/api/admin/content';

/** A size as people read it: `100 KB`, `5 MB`. */
export const readableBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
