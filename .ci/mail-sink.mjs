/**
 * The local SMTP sink of `.ci/e2e`: the tests' real SMTP server (smtp-server) on SMTP_SINK_PORT,
 * and on MAIL_SINK_HTTP_PORT the part of Mailpit's HTTP API the e2e suite reads
 * (`GET /api/v1/messages` → `{ messages: [{ Subject, Snippet }] }`), as docker compose's Mailpit
 * answers it. Runs until it is sent SIGTERM.
 */
import { createServer } from 'node:http';
import { LocalSmtpServer } from '../test/support/smtp-server.ts';

const smtp = await LocalSmtpServer.start(Number(process.env.SMTP_SINK_PORT));
const http = createServer((request, response) => {
  if (request.url !== '/api/v1/messages') {
    response.writeHead(404).end();
    return;
  }
  const messages = smtp.received.map(({ parsed }) => ({ Subject: parsed.subject ?? '', Snippet: (parsed.text ?? '').slice(0, 500) }));
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ messages }));
}).listen(Number(process.env.MAIL_SINK_HTTP_PORT), '127.0.0.1');

process.on('SIGTERM', () => {
  http.close();
  void smtp.stop().then(() => process.exit(0));
});
