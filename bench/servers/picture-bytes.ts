/** The floor for a picture: node:http sending one file's bytes, read once, with the headers the service sends. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { benchPort } from './bodies';

const body = readFileSync(process.env.BENCH_PICTURE!);
const headers = {
  'Content-Type': 'image/avif',
  'Content-Length': body.length,
  'Cache-Control': 'public, max-age=31536000, immutable',
  ETag: '"bench"',
  'X-Content-Type-Options': 'nosniff',
};

createServer((_req, res) => res.writeHead(200, headers).end(body)).listen(benchPort(), '127.0.0.1');
