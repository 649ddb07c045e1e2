import { call, METRICS_URL } from './stack';

/** What an operator (and a load balancer) asks of the stack. */
describe('an operator', () => {
  it('finds it alive and ready, naming each dependency', async () => {
    expect((await call('/health')).status).toBe(200);
    const ready = await call('/api/health');
    const { status, message } = (await ready.json()) as { status: string; message: string };
    expect(ready.status).toBe(200);
    expect(status).toBe('healthy');
    for (const dependency of ['database', 'configuration store', 'mail server', 'Redis']) expect(message).toContain(dependency);
  });

  it('gets its own request id back, and a new one when it sends none', async () => {
    const echoed = await call('/api/projects', { headers: { 'X-Request-Id': 'e2e-trace-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('e2e-trace-42');
    expect((await call('/api/projects')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the description the explorer shows', async () => {
    const description = (await (await call('/openapi.json')).json()) as { openapi: string; info: { title: string } };
    expect(description).toMatchObject({ openapi: '3.1.0', info: { title: 'Portfolio Content Service' } });
  });

  it.runIf(METRICS_URL)('reads the metrics on the private port', async () => {
    const metrics = await fetch(METRICS_URL!);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_server');
  });
});
