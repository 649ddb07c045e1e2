import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** A list of response headers, in the order they are set. */
export type FixedHeaders = readonly (readonly [name: string, value: string])[];

/**
 * The headers some middleware sets on every answer to a GET, found by running it once on a
 * request of its own (helmet's and CORS's depend on the configuration alone): what the
 * public-read edge sets without running that middleware per request.
 */
export function headersSetBy(middleware: readonly RequestHandler[]): FixedHeaders {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    getHeader: (name: string) => headers.get(name),
    removeHeader: (name: string) => headers.delete(name),
  } as unknown as ServerResponse;
  const request = { method: 'GET', url: '/', headers: {} } as IncomingMessage;
  for (const handler of middleware) {
    let passedOn = false;
    (handler as (req: IncomingMessage, res: ServerResponse, next: () => void) => void)(request, response, () => (passedOn = true));
    if (!passedOn) throw new Error('A middleware whose headers are made once must pass every GET on at once');
  }
  return [...headers];
}
