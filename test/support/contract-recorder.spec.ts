import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { ContractRecorder } from './contract-recorder';

const CACHE_CONTROL = { 'Cache-Control': { schema: { type: 'string' } } };

const document = {
  paths: {
    '/api/items': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } }, headers: CACHE_CONTROL },
          '304': { description: 'Not Modified', headers: CACHE_CONTROL },
        },
      },
    },
  },
  components: { schemas: {} },
};

function appAnswering(status: number, body: unknown, encoding?: 'gzip') {
  const recorder = new ContractRecorder();
  recorder.checkAgainst(document);
  const app = express();
  app.get('/api/items', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (status === 304) return void res.status(304).end();
    const json = Buffer.from(JSON.stringify(body));
    res.status(status).type('application/json');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.end(encoding ? gzipSync(json) : json);
  });
  app.get('/health', (_req, res) => void res.status(418).json({ any: 'thing' }));
  const server = createServer(app).prependListener('request', recorder.observe);
  return { app: server, recorder };
}

describe('ContractRecorder', () => {
  it('finds nothing wrong with declared answers, compressed or not', async () => {
    for (const [status, encoding] of [
      [200, undefined],
      [200, 'gzip'],
      [304, undefined],
    ] as const) {
      const { app, recorder } = appAnswering(status, ['a', 'b'], encoding);
      await request(app).get('/api/items');
      expect(recorder.violations()).toEqual([]);
    }
  });

  it('reports a status the operation does not declare', async () => {
    const { app, recorder } = appAnswering(500, { detail: 'boom' });
    await request(app).get('/api/items');
    expect(recorder.violations()).toEqual(['GET /api/items answered 500, which it does not declare']);
  });

  it('reports a body that drifted from its schema, after decompressing it', async () => {
    const { app, recorder } = appAnswering(200, ['a', 7], 'gzip');
    await request(app).get('/api/items');
    expect(recorder.violations()).toEqual([expect.stringContaining('GET /api/items 200 body does not match its schema')]);
  });

  it('sees answers whose headers were given to writeHead() alone, as the front door writes them', async () => {
    const recorder = new ContractRecorder();
    recorder.checkAgainst(document);
    const server = createServer((_req, res) => {
      const json = Buffer.from(JSON.stringify(['a', 7]));
      res
        .writeHead(200, ['Content-Type', 'application/json; charset=utf-8', 'Cache-Control', 'no-store', 'Content-Length', json.length])
        .end(json);
    }).prependListener('request', recorder.observe);
    await request(server).get('/api/items');
    expect(recorder.violations()).toEqual([expect.stringContaining('GET /api/items 200 body does not match its schema')]);
  });

  it('leaves paths the description does not cover alone', async () => {
    const { app, recorder } = appAnswering(200, []);
    await request(app).get('/health');
    expect(recorder.violations()).toEqual([]);
  });
});
