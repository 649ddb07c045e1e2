import request from 'supertest';
import { LocalSmtpServer, mailEnv, OWNER, VISITOR } from '@test/support/smtp-server';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

const NOT_KEPT = { detail: 'Your message could not be delivered; please try again later' };

// What becomes of a message and its two mails with a database and a mail server is the adapter tier's (test/adapters/contact-outbox.spec.ts).
describe('POST /api/contact without a database, when the owner cannot be notified', () => {
  it('sends no confirmation and asks the sender to try again later', async () => {
    const smtp = await LocalSmtpServer.start();
    smtp.rejectedRecipient = OWNER;
    const testApp = await createTestApp({ env: mailEnv(smtp.port) });
    try {
      const response = await request(testApp.server).post('/api/contact').send(VISITOR);
      expect(response.status).toBe(500);
      expect(response.body).toEqual(NOT_KEPT);
      expect(smtp.received).toEqual([]);
    } finally {
      await testApp.close();
      await smtp.stop();
    }
  });
});

describe('POST /api/contact without SMTP_HOST or a database', () => {
  let testApp: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    testApp = await createTestApp({ env: { LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'true' }, logDestination: logs });
  });
  afterAll(() => testApp.close());

  it('logs both mails without the message and answers 200', async () => {
    const message = 'A message that must stay out of the log.';
    const response = await request(testApp.server)
      .post('/api/contact')
      .set('X-Forwarded-For', '1.1.1.1')
      .send({ ...VISITOR, message });
    expect(response.status).toBe(200);
    const logged = logs.entries.filter((entry) => entry.event === 'mail_not_sent');
    expect(logged.map((entry) => entry.template)).toEqual(['contact-notification', 'contact-confirmation']);
    expect(logs.raw.join('')).not.toContain(message);
  });

  it('answers the 6th message in a minute from one client with 429', async () => {
    // The first test spent one of this client's 5.
    for (let i = 0; i < 4; i += 1) await request(testApp.server).post('/api/contact').send(VISITOR).expect(200);
    const limited = await request(testApp.server).post('/api/contact').send(VISITOR);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: 'Rate limit exceeded' });
  });
});

// The rules of each field are the model's (src/contact/dto/contact-request.dto.spec.ts); here, what reaches the client.
describe('POST /api/contact validation', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  const post = async (body: unknown) => {
    const response = await request(testApp.server)
      .post('/api/contact')
      .send(body as object);
    return response;
  };
  const issuesOf = (body: { detail: { loc: unknown[]; type: string }[] }) => body.detail.map(({ loc, type }) => ({ loc, type }));

  it('names each bad field once when several are wrong', async () => {
    const response = await post({ name: 'A', email: 'nope', message: 'short', company: 'c'.repeat(201) });
    expect(response.status).toBe(422);
    expect(issuesOf(response.body)).toEqual([
      { loc: ['body', 'name'], type: 'string_too_short' },
      { loc: ['body', 'email'], type: 'value_error' },
      { loc: ['body', 'message'], type: 'string_too_short' },
      { loc: ['body', 'company'], type: 'string_too_long' },
    ]);
  });

  it('answers a body over 100 KB with 413', async () => {
    const response = await post({ ...VISITOR, message: 'm'.repeat(101 * 1024) });
    expect(response.status).toBe(413);
  });
});
