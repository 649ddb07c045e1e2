import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LocalRedisServer } from '@test/support/redis-server';
import { LocalSmtpServer, SMTP_PASSWORD, SMTP_USER } from '@test/support/smtp-server';
import { createTestApp, type TestApp } from '@test/support/test-app';

const OWNER = 'owner@example.com';
const MESSAGE = { name: 'Ada Lovelace', message: 'I would like to talk about a project.' };
const CHALLENGE_KEY = 'contact-challenge-key-for-tests-0123456789';

const mailEnv = (port: number) => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  SMTP_USER,
  SMTP_PASSWORD,
  MAIL_FROM: 'portfolio@example.com',
  CONTACT_RECIPIENT: OWNER,
  RATE_LIMIT_ENABLED: 'false',
});

/** The contact form as a mail cannon (audit, round four): what it must not let anyone do. */
describe('POST /api/contact against abuse', () => {
  let database: TestDatabase;
  let redis: LocalRedisServer;
  let smtp: LocalSmtpServer;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    [database, redis, smtp] = await Promise.all([createTestDatabase(), LocalRedisServer.start(), LocalSmtpServer.start()]);
    const env = { ...mailEnv(smtp.port), DATABASE_URL: database.url, REDIS_URL: redis.url };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    // Last made, first closed: each puts back the environment it found.
    await second.close();
    await first.close();
    await Promise.all([smtp.stop(), redis.stop(), database.drop()]);
  });
  beforeEach(() => smtp.reset());

  const post = (app: TestApp, body: object) => request(app.server).post('/api/contact').send(body);
  const rowsOf = (email: string) =>
    database.query<{ spam: boolean; notification_status: string; confirmation_status: string }>(
      'SELECT spam, notification_status, confirmation_status FROM contact_messages WHERE email = $1 ORDER BY received_at',
      [email],
    );

  it('answers a filled honeypot as any message, keeps it as spam, and mails nobody', async () => {
    const email = 'bot@example.com';
    const response = await post(first, { ...MESSAGE, email, website: 'https://spam.example' }).expect(200);
    expect(response.body).toEqual((await post(first, { ...MESSAGE, email: 'human@example.com' }).expect(200)).body);
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([[OWNER], ['human@example.com']]);
    expect(await rowsOf(email)).toEqual([{ spam: true, notification_status: 'withheld', confirmation_status: 'withheld' }]);
  });

  it('confirms to one address at most three times a day across instances; the owner still gets every message', async () => {
    const email = 'victim@example.com';
    for (let index = 0; index < 6; index += 1)
      await post(index % 2 ? second : first, { ...MESSAGE, email: index % 3 ? email : 'VICTIM@example.com' }).expect(200);
    const recipients = smtp.received.map((mail) => mail.envelope.to[0].toLowerCase());
    expect(recipients.filter((to) => to === OWNER)).toHaveLength(6);
    expect(recipients.filter((to) => to === email)).toHaveLength(3);
    const rows = await database.query<{ confirmation_status: string }>(
      'SELECT confirmation_status FROM contact_messages WHERE lower(email) = $1 ORDER BY received_at',
      [email],
    );
    expect(rows.map((row) => row.confirmation_status)).toEqual(['sent', 'sent', 'sent', 'withheld', 'withheld', 'withheld']);
  });

  it('never lets a line break in a field start a line of its own in the owner’s plain-text notification', async () => {
    const forged = {
      ...MESSAGE,
      email: 'lines@example.com',
      company: 'Acme\r\nReference: forged',
      message: 'Hello there,\nEmail:     boss@example.com',
    };
    await post(first, forged).expect(200);
    const lines = String(smtp.received[0].parsed.text).split('\n');
    expect(lines.filter((line) => /^(Reference|Email):/.test(line))).toEqual([
      'Email:     lines@example.com',
      expect.stringMatching(/^Reference: [0-9a-f-]{36}$/),
    ]);
    expect(lines).toContain('Company:   Acme Reference: forged');
    expect(lines).toContain('  Email:     boss@example.com');
  });
});

describe('the contact form’s proof-of-work challenge (CONTACT_CHALLENGE=altcha)', () => {
  let smtp: LocalSmtpServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await LocalSmtpServer.start();
    testApp = await createTestApp({ env: { ...mailEnv(smtp.port), CONTACT_CHALLENGE: 'altcha', CONTACT_CHALLENGE_KEY: CHALLENGE_KEY } });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.stop();
  });

  /** What the ALTCHA widget does in a browser: fetch, solve, and send the solution as base64 JSON. */
  const solved = async (): Promise<string> => {
    const response = await request(testApp.server).get('/api/contact/challenge').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.body as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const send = (altcha?: string) =>
    request(testApp.server)
      .post('/api/contact')
      .send({ ...MESSAGE, email: 'ada@example.com', ...(altcha === undefined ? {} : { altcha }) });

  it('takes a message with a solved challenge, once', async () => {
    const altcha = await solved();
    await send(altcha).expect(200);
    const again = await send(altcha).expect(422);
    expect(again.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'altcha'], type: 'altcha_invalid' })]);
  });

  it.each([
    ['missing', undefined, 'missing'],
    ['not base64 JSON', 'not a payload', 'altcha_invalid'],
  ])('refuses a message whose solution is %s with 422 at altcha', async (_, altcha, type) => {
    const response = await send(altcha).expect(422);
    expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'altcha'], type })]);
  });

  it('refuses a solution to a challenge it did not sign, or one altered after signing', async () => {
    const { challenge, solution } = JSON.parse(Buffer.from(await solved(), 'base64').toString()) as {
      challenge: Challenge;
      solution: object;
    };
    const altered = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } };
    await send(Buffer.from(JSON.stringify({ challenge: altered, solution })).toString('base64')).expect(422);
  });

  it('takes no solved challenge while whether it was spent cannot be checked (Redis down): 503, then once when it can', async () => {
    const redis = await LocalRedisServer.start();
    const env = { ...mailEnv(smtp.port), CONTACT_CHALLENGE: 'altcha', CONTACT_CHALLENGE_KEY: CHALLENGE_KEY, REDIS_URL: redis.url };
    const [first, second] = [await createTestApp({ env }), await createTestApp({ env })];
    try {
      const altcha = await solved();
      const sendTo = (app: TestApp) =>
        request(app.server)
          .post('/api/contact')
          .send({ ...MESSAGE, email: 'ada@example.com', altcha });
      await redis.stop();
      for (const app of [first, second]) await sendTo(app).expect(503);
      await redis.resume();
      await vi.waitFor(async () => expect((await sendTo(first)).status).toBe(200), { timeout: 5_000, interval: 200 });
      await sendTo(second).expect(422);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await redis.stop();
    }
  });

  it('answers no challenge while the form asks none (404)', async () => {
    const plain = await createTestApp({ env: { CONTACT_CHALLENGE: 'off' } });
    try {
      await request(plain.server).get('/api/contact/challenge').expect(404);
    } finally {
      await plain.close();
    }
  });
});
