/** (a) The floor: node:http sending the service's bytes, nothing else. */
import { createServer } from 'node:http';
import { benchBodies, benchPort } from './bodies';

const responses = new Map(Object.entries(benchBodies()).map(([path, body]) => [path, Buffer.from(body)]));

createServer((req, res) => {
  const body = responses.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
}).listen(benchPort(), '127.0.0.1');
