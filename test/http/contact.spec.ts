import request from 'supertest';
import { ContactRedelivery } from '@/contact/contact-redelivery.service';
import { ContactRetention } from '@/contact/contact-retention.service';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { closedPort, LocalSmtpServer, SilentServer, SMTP_PASSWORD, SMTP_USER } from '@test/support/smtp-server';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

const OWNER = 'owner@example.com';
const FROM = 'portfolio@example.com';
const VISITOR = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I would like to talk about a project.',
  company: 'Analytical Engines',
};
const NOT_KEPT = { detail: 'Your message could not be delivered; please try again later' };
const KEPT = { detail: 'Your message was received and kept, and will be delivered shortly; there is no need to send it again' };

const mailEnv = (port: number, extra: Record<string, string> = {}) => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  SMTP_USER,
  SMTP_PASSWORD,
  SMTP_SECURE: 'false',
  MAIL_FROM: FROM,
  CONTACT_RECIPIENT: OWNER,
  RATE_LIMIT_ENABLED: 'false',
  ...extra,
});

interface StoredMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  company: string | null;
  notification_status: string;
  notification_attempts: number;
  notification_error: string | null;
  confirmation_status: string;
  confirmation_attempts: number;
  confirmation_error: string | null;
}

/** A row's delivery of both mails, in the columns' order. */
const delivery = ([notification, confirmation]: [string, string], errors: [unknown, unknown] = [null, null]) => ({
  notification_status: notification,
  notification_error: errors[0],
  confirmation_status: confirmation,
  confirmation_error: errors[1],
});

describe('POST /api/contact with a mail server and a database', () => {
  let database: TestDatabase;
  let smtp: LocalSmtpServer;
  let testApp: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await LocalSmtpServer.start();
    testApp = await createTestApp({
      env: { ...mailEnv(smtp.port), DATABASE_URL: database.url, LOG_LEVEL: 'info' },
      logDestination: logs,
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.stop();
    await database.drop();
  });
  let sent = 0;
  beforeEach(async () => {
    smtp.reset();
    await database.query('DELETE FROM contact_messages');
    // An address of its own for each case: an address gets three confirmations a day.
    VISITOR.email = `ada.${(sent += 1)}@example.com`;
  });

  const post = async (body: object, requestId?: string) => {
    const call = request(testApp.server).post('/api/contact');
    if (requestId) call.set('X-Request-Id', requestId);
    const response = await call.send(body);
    return response;
  };
  const stored = () => database.query<StoredMessage>('SELECT * FROM contact_messages ORDER BY received_at');
  const redelivery = () => testApp.app.get(ContactRedelivery);

  // What the two mails say is the service's (test/service/contact-mails.service.spec.ts); here, the answer and what is stored.
  it('sends a notification with every field and Reply-To, then a confirmation, and records them as sent', async () => {
    const response = await post(VISITOR);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });

    expect(smtp.received).toHaveLength(2);
    const [notification, confirmation] = smtp.received;
    expect(notification.envelope).toEqual({ from: FROM, to: [OWNER] });
    expect(notification.parsed.replyTo?.value).toEqual([{ name: VISITOR.name, address: VISITOR.email }]);
    expect(notification.parsed.subject).toBe(`Portfolio contact from ${VISITOR.name}`);
    for (const part of [notification.parsed.text, notification.parsed.html]) {
      for (const field of Object.values(VISITOR)) expect(part).toContain(field);
    }
    const [row] = await stored();
    expect(notification.parsed.text).toContain(row.id);

    expect(confirmation.envelope).toEqual({ from: FROM, to: [VISITOR.email] });
    expect(confirmation.parsed.subject).toBe('Thank you for your message');

    expect(row).toMatchObject({ ...VISITOR, ...delivery(['sent', 'sent']), notification_attempts: 1, confirmation_attempts: 1 });
  });

  it('strips the name before storing and mailing it, and stores a missing company as null', async () => {
    await post({ name: '   Grace Hopper \t', email: 'grace@example.com', message: 'Ten chars!' }).then((r) => expect(r.status).toBe(200));
    expect(await stored()).toEqual([expect.objectContaining({ name: 'Grace Hopper', company: null, ...delivery(['sent', 'sent']) })]);
    expect(smtp.received[0].parsed.text).toContain('Company:   —');
  });

  it('answers 200 when the mail server rejects the credentials, keeps the message as failed and logs an error with the request id', async () => {
    smtp.rejectCredentials = true;
    const response = await post(VISITOR, 'contact-eauth-1');
    expect(response.status).toBe(200);
    expect(smtp.received).toHaveLength(0);
    const credentials = expect.stringContaining('535');
    expect(await stored()).toEqual([
      expect.objectContaining({ ...VISITOR, ...delivery(['failed', 'failed'], [credentials, credentials]) }),
    ]);
    expect(logs.entries).toContainEqual(
      expect.objectContaining({ level: 50, requestId: 'contact-eauth-1', event: 'contact_mail_auth_rejected' }),
    );
  });

  it("answers 200 when the sender's address is refused for good after the owner was notified, and never tries that mail again", async () => {
    smtp.rejectedRecipient = VISITOR.email;
    const response = await post(VISITOR, 'contact-refused-1');
    expect(response.status).toBe(200);
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([[OWNER]]);
    expect(await stored()).toEqual([expect.objectContaining(delivery(['sent', 'refused'], [null, expect.stringContaining('550')]))]);
    expect(logs.entries).toContainEqual(
      expect.objectContaining({ requestId: 'contact-refused-1', event: 'contact_mail_refused', mail: 'confirmation' }),
    );
    for (let round = 0; round < 6; round += 1) expect(await redelivery().redeliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends the owner one notification however often a confirmation fails for now, and only the confirmation again', async () => {
    smtp.deferredRecipient = VISITOR.email;
    const response = await post(VISITOR);
    expect(response.status).toBe(500);
    expect(response.body).toEqual(KEPT);
    expect(await stored()).toEqual([expect.objectContaining(delivery(['sent', 'failed'], [null, expect.stringContaining('451')]))]);
    for (let round = 0; round < 3; round += 1) expect(await redelivery().redeliverDue()).toBe(1);
    smtp.deferredRecipient = undefined;
    expect(await redelivery().redeliverDue()).toBe(1);
    expect(await redelivery().redeliverDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([[OWNER], [VISITOR.email]]);
    expect(await stored()).toEqual([
      expect.objectContaining({ ...delivery(['sent', 'sent']), notification_attempts: 1, confirmation_attempts: 5 }),
    ]);
  });

  it('stops trying a mail after six attempts in all, keeping the message', async () => {
    smtp.deferredRecipient = OWNER;
    expect((await post(VISITOR)).body).toEqual(KEPT);
    for (let round = 0; round < 5; round += 1) expect(await redelivery().redeliverDue()).toBe(1);
    expect(await redelivery().redeliverDue()).toBe(0);
    expect(await stored()).toEqual([
      expect.objectContaining({ ...delivery(['failed', 'sent'], [expect.stringContaining('451'), null]), notification_attempts: 6 }),
    ]);
  });

  it("answers 500 when the owner's address is refused for good, keeping the message as refused for the owner to read", async () => {
    smtp.rejectedRecipient = OWNER;
    const response = await post(VISITOR);
    expect(response.status).toBe(500);
    expect(response.body).toEqual(KEPT);
    expect(await stored()).toEqual([expect.objectContaining(delivery(['refused', 'sent'], [expect.stringContaining('550'), null]))]);
    expect(await redelivery().redeliverDue()).toBe(0);
  });

  it('keeps messages CONTACT_RETENTION_DAYS (365) and deletes older ones, whatever their mails', async () => {
    expect((await post(VISITOR)).status).toBe(200);
    await database.query(`INSERT INTO contact_messages (name, email, message, received_at) VALUES
      ('Old', 'old@example.com', 'Sent long ago, never mailed.', now() - interval '366 days'),
      ('Older', 'older@example.com', 'Sent longer ago.', now() - interval '900 days')`);
    expect(await testApp.app.get(ContactRetention).sweep()).toBe(2);
    expect((await stored()).map((row) => row.email)).toEqual([VISITOR.email]);
  });

  it('takes up a mail left pending by a process that stopped mid-send once it is five minutes old', async () => {
    smtp.deferredRecipient = OWNER;
    await post(VISITOR);
    await post({ ...VISITOR, email: 'grace@example.com' });
    await database.query(`UPDATE contact_messages SET notification_status = 'pending', confirmation_status = 'pending'`);
    await database.query(`UPDATE contact_messages SET last_attempt_at = now() - interval '301 seconds' WHERE email = $1`, [VISITOR.email]);
    await database.query(`UPDATE contact_messages SET last_attempt_at = now() - interval '290 seconds' WHERE email <> $1`, [VISITOR.email]);
    smtp.reset();
    expect(await redelivery().redeliverDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([[OWNER], [VISITOR.email]]);
  });
});

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

describe('POST /api/contact when the mail server is unreachable', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('answers 500 for a closed port and keeps the message, stored as failed', async () => {
    const testApp = await createTestApp({ env: { ...mailEnv(await closedPort()), DATABASE_URL: database.url } });
    try {
      const response = await request(testApp.server).post('/api/contact').send(VISITOR);
      expect(response.status).toBe(500);
      expect(response.body).toEqual(KEPT);
      const rows = await database.query<StoredMessage>('SELECT * FROM contact_messages');
      const errors = [expect.stringContaining('ECONNREFUSED'), 'Not tried: the mail server could not be reached'] as [unknown, unknown];
      expect(rows).toEqual([expect.objectContaining({ ...VISITOR, ...delivery(['failed', 'failed'], errors) })]);
    } finally {
      await testApp.close();
    }
  });

  it('sends a failed message again in the background once the mail server is back, and records it as sent', async () => {
    const port = await closedPort();
    const testApp = await createTestApp({ env: { ...mailEnv(port), DATABASE_URL: database.url, CONTACT_REDELIVERY_INTERVAL_MS: '200' } });
    let smtp: LocalSmtpServer | undefined;
    try {
      await request(testApp.server)
        .post('/api/contact')
        .send({ ...VISITOR, email: 'back-later@example.com' })
        .expect(500);
      smtp = await LocalSmtpServer.start(port);
      const row = async () =>
        (await database.query<StoredMessage>("SELECT * FROM contact_messages WHERE email = 'back-later@example.com'"))[0];
      await vi.waitFor(async () => expect(await row()).toMatchObject(delivery(['sent', 'sent'])), { timeout: 5_000 });
      expect((await row()).notification_attempts).toBeGreaterThanOrEqual(2);
      // Every failed message in the table goes out again, this one with both its mails.
      expect(smtp.received.filter((mail) => mail.envelope.to.includes('back-later@example.com'))).toHaveLength(1);
      expect(smtp.received.filter((mail) => mail.parsed.replyTo?.text.includes('back-later@example.com'))).toHaveLength(1);
    } finally {
      await testApp.close();
      await smtp?.stop();
    }
  });

  it('gives up on a server that accepts the connection and says nothing within the time-outs', async () => {
    const silent = await SilentServer.start();
    // SMTP_TIMEOUT_MS short, so the test does not sit out the 8 s of production.
    const testApp = await createTestApp({ env: { ...mailEnv(silent.port), SMTP_TIMEOUT_MS: '500', DATABASE_URL: database.url } });
    try {
      const response = await request(testApp.server).post('/api/contact').send(VISITOR);
      expect(response.status).toBe(500);
      expect(response.body).toEqual(KEPT);
    } finally {
      await testApp.close();
      await silent.stop();
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
