import { randomUUID } from 'node:crypto';
import { HttpException } from '@nestjs/common';
import { ContactRedelivery } from '@/contact/contact-redelivery.service';
import { ContactRetention } from '@/contact/contact-retention.service';
import { ContactService } from '@/contact/contact.service';
import { ContactRequestDto } from '@/contact/dto/contact-request.dto';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LogLines } from '@test/support/log-lines';
import { closedPort, FROM, LocalSmtpServer, mailEnv, OWNER, SilentServer, VISITOR as A_VISITOR } from '@test/support/smtp-server';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { validatedBody } from '@test/support/validated';

/** The visitor of each case, under an address of its own (an address gets three confirmations a day). */
const VISITOR: { -readonly [K in keyof typeof A_VISITOR]: string } = { ...A_VISITOR };
const KEPT = { detail: 'Your message was received and kept, and will be delivered shortly; there is no need to send it again' };

interface StoredMessage {
  id: string;
  name: string;
  email: string;
  notification_status: string;
  notification_attempts: number;
  confirmation_status: string;
  confirmation_attempts: number;
}

/** A row's delivery of both mails, in the columns' order. */
const delivery = ([notification, confirmation]: [string, string], errors: [unknown, unknown] = [null, null]) => ({
  notification_status: notification,
  notification_error: errors[0],
  confirmation_status: confirmation,
  confirmation_error: errors[1],
});

/** What the contact service answers a message sent as a request's body: its answer, or the status and body of its refusal. */
const submittedTo = async (app: TestApp, body: object, requestId: string = randomUUID()) => {
  try {
    return { status: 200, body: await app.app.get(ContactService).submit(await validatedBody(ContactRequestDto, body), requestId) };
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
};

/** Contact messages kept on PostgreSQL and their two mails through a real SMTP server: sent, refused, retried, swept. */
describe('the contact outbox with a mail server', () => {
  let database: TestDatabase;
  let smtp: LocalSmtpServer;
  let testApp: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await LocalSmtpServer.start();
    testApp = await createTestApp({ env: { ...mailEnv(smtp.port), DATABASE_URL: database.url, LOG_LEVEL: 'info' }, logDestination: logs });
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
    VISITOR.email = `ada.${(sent += 1)}@example.com`;
  });

  const submitted = (body: object, requestId?: string) => submittedTo(testApp, body, requestId);
  const stored = () => database.query<StoredMessage>('SELECT * FROM contact_messages ORDER BY received_at');
  const redelivery = () => testApp.app.get(ContactRedelivery);

  // What the two mails say is the service's (test/service/contact-mails.service.spec.ts); here, where they go and what is stored.
  it('sends a notification with every field and Reply-To, then a confirmation, and records them as sent', async () => {
    expect(await submitted(VISITOR)).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
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
    expect((await submitted({ name: '   Grace Hopper \t', email: 'grace@example.com', message: 'Ten chars!' })).status).toBe(200);
    expect(await stored()).toEqual([expect.objectContaining({ name: 'Grace Hopper', company: null, ...delivery(['sent', 'sent']) })]);
    expect(smtp.received[0].parsed.text).toContain('Company:   —');
  });

  it('answers when the mail server rejects the credentials, keeps the message as failed and logs an error with the request id', async () => {
    smtp.rejectCredentials = true;
    expect((await submitted(VISITOR, 'contact-eauth-1')).status).toBe(200);
    expect(smtp.received).toHaveLength(0);
    const credentials = expect.stringContaining('535');
    expect(await stored()).toEqual([
      expect.objectContaining({ ...VISITOR, ...delivery(['failed', 'failed'], [credentials, credentials]) }),
    ]);
    expect(logs.entries).toContainEqual(
      expect.objectContaining({ level: 50, requestId: 'contact-eauth-1', event: 'contact_mail_auth_rejected' }),
    );
  });

  it("answers when the sender's address is refused for good after the owner was notified, and never tries that mail again", async () => {
    smtp.rejectedRecipient = VISITOR.email;
    expect((await submitted(VISITOR, 'contact-refused-1')).status).toBe(200);
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
    expect(await submitted(VISITOR)).toEqual({ status: 500, body: KEPT });
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
    expect((await submitted(VISITOR)).body).toEqual(KEPT);
    for (let round = 0; round < 5; round += 1) expect(await redelivery().redeliverDue()).toBe(1);
    expect(await redelivery().redeliverDue()).toBe(0);
    expect(await stored()).toEqual([
      expect.objectContaining({ ...delivery(['failed', 'sent'], [expect.stringContaining('451'), null]), notification_attempts: 6 }),
    ]);
  });

  it("refuses with 500 when the owner's address is refused for good, keeping the message as refused for the owner to read", async () => {
    smtp.rejectedRecipient = OWNER;
    expect(await submitted(VISITOR)).toEqual({ status: 500, body: KEPT });
    expect(await stored()).toEqual([expect.objectContaining(delivery(['refused', 'sent'], [expect.stringContaining('550'), null]))]);
    expect(await redelivery().redeliverDue()).toBe(0);
  });

  it('keeps messages CONTACT_RETENTION_DAYS (365) and deletes older ones, whatever their mails', async () => {
    expect((await submitted(VISITOR)).status).toBe(200);
    await database.query(`INSERT INTO contact_messages (name, email, message, received_at) VALUES
      ('Old', 'old@example.com', 'Sent long ago, never mailed.', now() - interval '366 days'),
      ('Older', 'older@example.com', 'Sent longer ago.', now() - interval '900 days')`);
    expect(await testApp.app.get(ContactRetention).sweep()).toBe(2);
    expect((await stored()).map((row) => row.email)).toEqual([VISITOR.email]);
  });

  it('takes up a mail left pending by a process that stopped mid-send once it is five minutes old', async () => {
    smtp.deferredRecipient = OWNER;
    await submitted(VISITOR);
    await submitted({ ...VISITOR, email: 'grace@example.com' });
    await database.query(`UPDATE contact_messages SET notification_status = 'pending', confirmation_status = 'pending'`);
    await database.query(`UPDATE contact_messages SET last_attempt_at = now() - interval '301 seconds' WHERE email = $1`, [VISITOR.email]);
    await database.query(`UPDATE contact_messages SET last_attempt_at = now() - interval '290 seconds' WHERE email <> $1`, [VISITOR.email]);
    smtp.reset();
    expect(await redelivery().redeliverDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([[OWNER], [VISITOR.email]]);
  });
});

describe('the contact outbox when the mail server is unreachable', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('refuses with 500 for a closed port and keeps the message, stored as failed', async () => {
    const testApp = await createTestApp({ env: { ...mailEnv(await closedPort()), DATABASE_URL: database.url } });
    try {
      expect(await submittedTo(testApp, VISITOR)).toEqual({ status: 500, body: KEPT });
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
      expect((await submittedTo(testApp, { ...VISITOR, email: 'back-later@example.com' })).status).toBe(500);
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
      expect(await submittedTo(testApp, VISITOR)).toEqual({ status: 500, body: KEPT });
    } finally {
      await testApp.close();
      await silent.stop();
    }
  });
});
