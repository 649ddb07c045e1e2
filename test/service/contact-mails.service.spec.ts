import type { TestingModule } from '@nestjs/testing';
import { ContactService } from '@/contact/contact.service';
import { serviceContext } from '@test/support/service-context';
import { LocalSmtpServer, SMTP_PASSWORD, SMTP_USER } from '@test/support/smtp-server';

const OWNER = 'owner@example.com';
const FROM = 'portfolio@example.com';

/** The two mails a contact message sends, as a mail server receives them: what they say, and what a sender cannot make them say. */
describe('the mails of a contact message', () => {
  let smtp: LocalSmtpServer;
  let context: TestingModule;
  let sent = 0;

  beforeAll(async () => {
    smtp = await LocalSmtpServer.start();
    context = await serviceContext({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_USER,
      SMTP_PASSWORD,
      SMTP_SECURE: 'false',
      MAIL_FROM: FROM,
      CONTACT_RECIPIENT: OWNER,
    });
  });
  afterAll(async () => {
    await context.close();
    await smtp.stop();
  });
  beforeEach(() => smtp.reset());

  /** An address of its own for each message: an address gets three confirmations a day. */
  const submit = (fields: { name: string; message: string; company?: string }) =>
    context.get(ContactService).submit({ ...fields, email: `sender.${(sent += 1)}@example.com` }, 'contact-mails');

  it('notifies the owner with every field, a Reply-To to the sender and a subject naming them, then thanks the sender', async () => {
    const visitor = { name: 'Ada Lovelace', message: 'I would like to talk about a project.', company: 'Analytical Engines' };
    await submit(visitor);
    const [notification, confirmation] = smtp.received;
    expect(notification.envelope).toEqual({ from: FROM, to: [OWNER] });
    expect(notification.parsed.replyTo?.value).toEqual([{ name: visitor.name, address: `sender.${sent}@example.com` }]);
    expect(notification.parsed.subject).toBe(`Portfolio contact from ${visitor.name}`);
    for (const part of [notification.parsed.text, notification.parsed.html])
      for (const field of [...Object.values(visitor), `sender.${sent}@example.com`]) expect(part).toContain(field);
    expect(confirmation.envelope).toEqual({ from: FROM, to: [`sender.${sent}@example.com`] });
    expect(confirmation.parsed.subject).toBe('Thank you for your message');
  });

  it('confirms to the bare address with no text the sender wrote: no name, company or message', async () => {
    const relay = { name: 'Visit https://evil.example now', company: 'Call +1 555 0100 for prizes', message: 'Buy now, buy now!' };
    await submit(relay);
    const confirmation = smtp.received[1];
    expect(confirmation.parsed.to).toMatchObject({ value: [{ name: '', address: `sender.${sent}@example.com` }] });
    expect(confirmation.parsed.text).toMatch(/^Hello,/);
    for (const text of [relay.name, relay.company, relay.message, 'evil.example', '555 0100']) expect(confirmation.raw).not.toContain(text);
  });

  it('escapes HTML in every field of the HTML part, and keeps the text part as written', async () => {
    await submit({ name: '<b>Eve</b>', message: '<script>alert("x")</script> & more', company: '<img src=x onerror=alert(1)>' });
    const html = String(smtp.received[0].parsed.html);
    for (const markup of ['<script>', '<img src=x', '<b>Eve</b>']) expect(html).not.toContain(markup);
    expect(html).toContain('&lt;script&gt;');
    expect(smtp.received[0].parsed.text).toContain('<script>alert("x")</script> & more');
  });

  it.each([
    ['CR/LF', 'Mallory\r\nBcc: victim@example.com'],
    ['a bare LF', 'Mallory\nX-Injected: yes'],
    ['a bare CR', 'Mallory\rX-Injected: yes'],
    ['other control characters', 'Mallory\u0007\u000b\u0085X-Injected: yes'],
  ])('never lets %s in a name or company add a header', async (_, name) => {
    await submit({ name, message: 'Injection attempt here', company: `ACME\r\nX-Company-Injected: 1` });
    for (const mail of smtp.received) {
      const headerBlock = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(headerBlock).not.toMatch(/^(bcc|x-injected|x-company-injected):/im);
      expect(mail.parsed.headers.has('bcc')).toBe(false);
      expect(mail.parsed.headers.has('x-injected')).toBe(false);
      expect(mail.envelope.to).not.toContain('victim@example.com');
    }
    // Decoded, the name in the headers carries no control character either (spaces stand in).
    const [notification] = smtp.received;
    expect(notification.parsed.subject).toMatch(/^Portfolio contact from Mallory [^\p{Cc}]+$/u);
    expect(notification.parsed.replyTo?.value[0].name).toMatch(/^Mallory [^\p{Cc}]+$/u);
  });
});
