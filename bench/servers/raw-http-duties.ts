/**
 * (a′) node:http doing what every public read of the service must and nothing else: the same
 * bytes with the same headers, a request id and one pino line when the response closes. What is
 * left between (a) and (a′) is the price of those duties, which no change to the service can cut.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { destination, pino } from 'pino';
import { benchBodies, benchHeaders, benchPort } from './bodies';

const headers = benchHeaders();
const answers = new Map(
  Object.entries(benchBodies()).map(([path, body]) => {
    const bytes = Buffer.from(body);
    return [path, { body: bytes, headers: [...headers[path], 'Content-Length', String(bytes.length)] }];
  }),
);
const logger = pino({ level: 'info' }, destination({ dest: 1, sync: false }));

createServer((req, res) => {
  const path = req.url ?? '';
  const answer = answers.get(path);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  const startedAt = performance.now();
  const id = randomUUID();
  res.once('close', () => {
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    logger.info({ req: { id, method: req.method, path }, route: path, res: { status: res.statusCode }, durationMs }, 'request completed');
  });
  res.writeHead(200, ['X-Request-Id', id, ...answer.headers]).end(answer.body);
}).listen(benchPort(), '127.0.0.1');
