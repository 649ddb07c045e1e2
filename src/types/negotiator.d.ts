// negotiator 1.x, the part this service uses: @types/negotiator describes 0.6, which could not be told
// the server's own order for encodings the client accepts equally.
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';

  class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The encoding to send: the client's highest quality, ties going to the first in `preferred`. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export = Negotiator;
}
