import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ProbeModule } from '@test/support/probe.module';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

describe('Request logging', () => {
  let testApp: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    testApp = await createTestApp({
      imports: [ProbeModule],
      env: { LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false', API_ADMIN_TOKEN: 'static-admin-secret-for-request-logs' },
      logDestination: logs,
    });
  });
  afterAll(() => testApp.close());

  const http = () => request(testApp.server);

  it('writes one JSON line per request with its id, method, route, status and duration', async () => {
    await http().get('/api/projects/no-such-project?email=someone@example.com').set('X-Request-Id', 'log-1').expect(404);
    const line = await logs.requestLine('log-1');
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      route: '/api/projects/:project_id',
      req: { id: 'log-1', method: 'GET', path: '/api/projects/no-such-project' },
      res: { status: 404 },
    });
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(
      logs.entries.filter((entry) => (entry.req as { id?: string } | undefined)?.id === 'log-1' && 'durationMs' in entry),
    ).toHaveLength(1);
    expect(logs.raw.join('')).not.toContain('someone@example.com');
  });

  it('names the path the client sent, also of a route nothing answers', async () => {
    await http().get('/api/nonexistent/deeper').set('X-Request-Id', 'log-unknown').expect(404);
    expect((await logs.requestLine('log-unknown')).req).toEqual({ id: 'log-unknown', method: 'GET', path: '/api/nonexistent/deeper' });
  });

  it('writes no request headers, so a token never reaches the log', async () => {
    await http().get('/api/auth/me').set('Authorization', 'Bearer static-admin-secret-for-request-logs').set('X-Request-Id', 'log-2');
    const line = await logs.requestLine('log-2');
    expect(line.req).toEqual({ id: 'log-2', method: 'GET', path: '/api/auth/me' });
    expect(logs.raw.join('')).not.toContain('static-admin-secret');
  });

  it('logs an unexpected error at level error, under the request id of the request that failed', async () => {
    await http().get('/api/test-probe/failure').set('X-Request-Id', 'log-3').expect(500);
    const line = await logs.requestLine('log-3');
    expect(line).toMatchObject({ level: 50, res: { status: 500 } });
    const unhandled = logs.entries.find((entry) => entry.event === 'unhandled_error');
    expect(unhandled).toMatchObject({ level: 50, requestId: 'log-3', method: 'GET', path: '/api/test-probe/failure' });
  });

  it('writes the line of a request whose client went away before the answer', async () => {
    await new Promise<void>((resolve) => {
      testApp.app.getHttpServer().listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    const arrived = once(testApp.app.getHttpServer(), 'request');
    const call = httpRequest({ port, path: '/api/test-probe/slow', headers: { 'X-Request-Id': 'log-4' } });
    call.on('error', () => undefined);
    call.end();
    await arrived;
    call.destroy();
    const line = await logs.requestLine('log-4');
    expect(line).toMatchObject({ level: 30, msg: 'request aborted', req: { id: 'log-4', path: '/api/test-probe/slow' } });
  });
});

describe('Request logging below LOG_LEVEL', () => {
  it('writes no request lines when LOG_LEVEL=warn', async () => {
    const logs = new LogLines();
    const testApp = await createTestApp({ env: { LOG_LEVEL: 'warn' }, logDestination: logs });
    try {
      await request(testApp.server).get('/api/health').expect(200);
      await request(testApp.server).get('/nowhere').expect(404);
      expect(logs.entries.filter((entry) => (entry.level as number) < 40)).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});
