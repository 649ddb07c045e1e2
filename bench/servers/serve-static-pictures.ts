/** The usual way to serve files from Node.js: serve-static on the folder of the pictures, cached as the service caches them. */
import { createServer } from 'node:http';
import serveStatic from 'serve-static';
import { benchPort } from './bodies';

const serve = serveStatic(process.env.BENCH_PICTURES!, { immutable: true, maxAge: '1y' });

createServer((req, res) => {
  serve(req, res, () => {
    res.writeHead(404).end();
  });
}).listen(benchPort(), '127.0.0.1');
