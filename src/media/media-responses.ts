import { headerRef, SHARED_CACHE_HEADERS } from '@/common/openapi/response-headers';
import { MEDIA_TYPES } from './encode-job';

const CACHING = {
  ETag: headerRef('ETag'),
  'Cache-Control': headerRef('Cache-Control'),
  'X-Request-Id': headerRef('X-Request-Id'),
  ...SHARED_CACHE_HEADERS,
};

/** A picture's bytes as an operation answers them, in any of its formats, with the headers of its caching. */
export const PICTURE = {
  description: 'The picture, immutable: its URL names the uploaded bytes and the encoding',
  content: Object.fromEntries(Object.values(MEDIA_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  headers: CACHING,
};

export const NOT_MODIFIED = { description: 'Not Modified: If-None-Match names the current ETag', headers: CACHING };
