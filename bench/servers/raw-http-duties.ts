/**
 * (a′) node:http doing what every public read of the service must and nothing else: the same
 * bytes with the same headers (or the 304 of a request naming their ETag), and the service's own request id and request log line. What is
 * left between (a) and (a′) is the price of those duties, which no change to the service can cut.
 */
import { createServer } from 'node:http';
import { assignRequestId, REQUEST_ID_HEADER } from '@/common/http/request-id.middleware';
import { logRequest } from '@/common/logging/request-log.middleware';
import { createRequestLogger, logDestination } from '@/common/logging/root-logger';
import { benchBodies, benchHeaders, benchPort } from './bodies';

const headers = benchHeaders();
/** What a 304 leaves out of the headers of a 200. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);
const answers = new Map(
  Object.entries(benchBodies()).map(([path, body]) => {
    const bytes = Buffer.from(body);
    const pairs = Array.from({ length: headers[path].length / 2 }, (_, n) => headers[path].slice(2 * n, 2 * n + 2));
    return [
      path,
      {
        body: bytes,
        headers: [...headers[path], 'Content-Length', String(bytes.length)],
        etag: pairs.find(([name]) => name.toLowerCase() === 'etag')?.[1],
        notModified: pairs.filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())).flat(),
      },
    ];
  }),
);
const logger = createRequestLogger({ logLevel: 'info' }, logDestination());

createServer((req, res) => {
  const path = req.url ?? '';
  const answer = answers.get(path);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  logRequest(logger, req, res, () => path);
  // A validator naming the answer's ETag: the 304 the service's prepared answers send.
  if (answer.etag !== undefined && req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, [REQUEST_ID_HEADER, assignRequestId(req), ...answer.notModified]).end();
    return;
  }
  res.writeHead(200, [REQUEST_ID_HEADER, assignRequestId(req), ...answer.headers]).end(answer.body);
}).listen(benchPort(), '127.0.0.1');
