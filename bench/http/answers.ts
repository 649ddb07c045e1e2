/** Headers of the service's answers that (a′) leaves to Node.js or makes per request. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id']);

/** The headers of a service's answer that (a′) sends as they are, names and values in one list; `leaving` names more to leave out. */
export const replayedHeaders = (response: Response, leaving: readonly string[] = []): string[] =>
  [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name) && !leaving.includes(name)).flat();
