import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { MINIMAL_PDF } from '@test/support/pdf-text';
import { LocalSmtpServer, SMTP_PASSWORD, SMTP_USER } from '@test/support/smtp-server';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { WebhookReceiver } from '@test/support/webhook-receiver';

interface Delivery {
  id: string;
  event: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
}

const ENV = {
  API_ADMIN_TOKEN: ADMIN_TOKEN,
  RATE_LIMIT_ENABLED: 'false',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_RETRY_DELAYS: '1,1',
};
const SOON = { timeout: 15_000, interval: 100 };

const admin = (app: TestApp) => ({
  get: (path: string) => request(app.server).get(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  post: (path: string) => request(app.server).post(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  patch: (path: string) => request(app.server).patch(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  put: (path: string) => request(app.server).put(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
  delete: (path: string) => request(app.server).delete(path).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
});

describe('webhooks, on two instances of one database', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let receiver: WebhookReceiver;
  let smtp: LocalSmtpServer;
  let webhookId: string;

  const start = () =>
    createTestApp({
      env: {
        ...ENV,
        DATABASE_URL: database.url,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_USER,
        SMTP_PASSWORD,
        SMTP_SECURE: 'false',
        MAIL_FROM: 'portfolio@example.com',
        CONTACT_RECIPIENT: 'owner@example.com',
      },
    });
  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await WebhookReceiver.start();
    smtp = await LocalSmtpServer.start();
    [first, second] = [await start(), await start()];
    const { body } = await admin(first)
      .post('/api/admin/webhooks')
      .send({ url: receiver.url, events: ['content.published', 'cv.changed', 'contact.received'], description: 'Rebuild' })
      .expect(201);
    webhookId = body.id;
    receiver.secret = body.secret;
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await receiver?.close();
    await smtp?.stop();
    await database?.drop();
  });

  it('registers a receiver with a Standard Webhooks secret shown once, and lists it without one', async () => {
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { body: listed } = await admin(second).get('/api/admin/webhooks').expect(200);
    expect(listed).toEqual([
      {
        id: webhookId,
        url: receiver.url,
        events: ['content.published', 'cv.changed', 'contact.received'],
        description: 'Rebuild',
        enabled: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const { body: other } = await admin(first).post('/api/admin/webhooks').send({ url: 'https://example.com/hook' }).expect(201);
    expect(other.events).toEqual(['content.published']);
    await admin(first).patch(`/api/admin/webhooks/${other.id}`).send({ enabled: false, description: 'off' }).expect(200);
    expect((await admin(first).get(`/api/admin/webhooks/${other.id}`).expect(200)).body).toMatchObject({
      enabled: false,
      description: 'off',
    });
    await admin(first).delete(`/api/admin/webhooks/${other.id}`).expect(204);
    await admin(first).get(`/api/admin/webhooks/${other.id}`).expect(404);
  });

  it('refuses an unknown event with 422, changing nothing', async () => {
    const { body } = await admin(first)
      .post('/api/admin/webhooks')
      .send({ url: receiver.url, events: ['content.deleted'] })
      .expect(422);
    expect(body.detail[0].loc).toEqual(['body', 'events']);
    expect((await admin(first).get('/api/admin/webhooks').expect(200)).body).toHaveLength(1);
  });

  it('tells of a contact message by its id, name and company, never its address or text', async () => {
    const message = { name: 'Ada Lovelace', email: 'ada.webhooks@example.com', message: 'A question about the River Gauge.' };
    await request(second.server).post('/api/contact').send(message).expect(200);
    await vi.waitFor(() => expect(receiver.of('contact.received')).toHaveLength(1), SOON);
    const [{ payload }] = receiver.of('contact.received');
    expect(payload.data).toEqual({ id: expect.any(String), name: 'Ada Lovelace', company: null });
    expect(JSON.stringify(payload)).not.toMatch(/ada\.webhooks|River Gauge/);
  });

  it('tells of a CV a language serves from now on', async () => {
    await admin(first).put('/api/admin/cv/nederlands').set('Content-Type', 'application/pdf').send(MINIMAL_PDF).expect(200);
    await vi.waitFor(
      () => expect(receiver.of('cv.changed').map(({ payload }) => payload.data)).toEqual([{ lang: 'nederlands', source: 'upload' }]),
      SOON,
    );
  });

  it('lists the queue’s jobs by state, and runs a failed one again', async () => {
    await admin(first).patch('/api/profile').send({ location: 'Utrecht' }).expect(200);
    const completed = await vi.waitFor(async () => {
      const { body } = await admin(first).get('/api/admin/jobs?state=completed&limit=500').expect(200);
      expect(body.map((job: { queue: string }) => job.queue)).toEqual(expect.arrayContaining(['webhook-delivery', 'content-published']));
      return body as { id: string }[];
    }, SOON);
    const [job] = completed;
    await admin(first).post(`/api/admin/jobs/${job.id}/retry`).expect(404);
    // As a job sent by a cron schedule, which carries no data.
    await database.query(`UPDATE pgboss.job SET state = 'failed', data = NULL WHERE id = $1`, [job.id]);
    expect((await admin(first).get('/api/admin/jobs?state=failed').expect(200)).body).toEqual([
      expect.objectContaining({ id: job.id, data: {} }),
    ]);
    const { body: retried } = await admin(first).post(`/api/admin/jobs/${job.id}/retry`).expect(200);
    expect(retried.state).not.toBe('failed');
    await admin(first).get('/api/admin/jobs?state=sleeping').expect(422);
  });
});

describe('webhook receivers inside the network', () => {
  let database: TestDatabase;
  let app: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await WebhookReceiver.start();
    app = await createTestApp({ env: { ...ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await database?.drop();
  });

  // Which addresses are inside is the target check's (src/webhooks/webhook-targets.spec.ts).
  it.each(['http://169.254.169.254/latest/meta-data'])('refuses %s with 422 at the URL', async (url) => {
    const { body } = await admin(app).post('/api/admin/webhooks').send({ url }).expect(422);
    expect(body.detail[0].loc).toEqual(['body', 'url']);
  });

  it('checks the address again at each delivery: a receiver that is inside now gets nothing', async () => {
    const [{ id }] = await database.query<{ id: string }>(
      `INSERT INTO webhooks (url, events, secret) VALUES ($1, '{content.published}', 'whsec_NeCBtqNK2sTimwZOd0CeONTJtUgp5/LHBxMS/y9KSVg=') RETURNING id`,
      [receiver.url],
    );
    const { body } = await admin(app).post(`/api/admin/webhooks/${id}/test`).expect(202);
    await vi.waitFor(async () => {
      const [delivery] = (await admin(app).get(`/api/admin/webhooks/${id}/deliveries`).expect(200)).body as Delivery[];
      expect(delivery).toMatchObject({
        id: body.deliveryId,
        attempts: 1,
        lastStatus: null,
        lastError: expect.stringContaining('not allowed'),
      });
    }, SOON);
    expect(receiver.attempts).toEqual([]);
  });
});

describe('webhooks without a database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { ...ENV, DATABASE_URL: undefined } });
  });
  afterAll(() => app?.close());

  it.each(['/api/admin/webhooks', '/api/admin/jobs'])('answers %s with 503', async (path) => {
    await admin(app).get(path).expect(503);
  });
});
