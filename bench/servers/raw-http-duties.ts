/**
 * (a′) node:http doing what every public read of the service must and nothing else: the same
 * bytes with the same headers, and the service's own request id and request log line. What is
 * left between (a) and (a′) is the price of those duties, which no change to the service can cut.
 */
import { createServer } from 'node:http';
import { assignRequestId, REQUEST_ID_HEADER } from '@/common/http/request-id.middleware';
import { logRequest } from '@/common/logging/request-log.middleware';
import { createRequestLogger, stdoutDestination } from '@/common/logging/root-logger';
import { benchBodies, benchHeaders, benchPort } from './bodies';

const headers = benchHeaders();
const answers = new Map(
  Object.entries(benchBodies()).map(([path, body]) => {
    const bytes = Buffer.from(body);
    return [path, { body: bytes, headers: [...headers[path], 'Content-Length', String(bytes.length)] }];
  }),
);
const logger = createRequestLogger({ logLevel: 'info' }, stdoutDestination());

createServer((req, res) => {
  const path = req.url ?? '';
  const answer = answers.get(path);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  logRequest(logger, req, res, () => path);
  res.writeHead(200, [REQUEST_ID_HEADER, assignRequestId(req), ...answer.headers]).end(answer.body);
}).listen(benchPort(), '127.0.0.1');
