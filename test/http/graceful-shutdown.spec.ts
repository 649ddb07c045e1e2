import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltService } from '@test/support/built-service';
import { createTestDatabase } from '@test/support/database';
import { LocalSmtpServer, SMTP_PASSWORD, SMTP_USER } from '@test/support/smtp-server';

/** Processes whose command line names the directory: puppeteer puts the browser's profile there. */
function processesUsing(directory: string): number {
  try {
    return Number(execFileSync('pgrep', ['-c', '-f', directory], { encoding: 'utf8' }));
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

describe('Graceful shutdown (the built service, as deployed)', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes the browser and exits 0', async () => {
    // A temporary directory of its own tells this service's Chromium from any other on the machine.
    const tmp = mkdtempSync(join(tmpdir(), 'shutdown-spec-'));
    const service = await startBuiltService({ TMPDIR: tmp, FEATURE_CV_GENERATION: 'true', RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'info' });
    try {
      // A cold render launches Chromium first: the request is still in flight when SIGTERM arrives.
      const inFlight = fetch(`${service.origin}/api/cv/generate`, { method: 'PATCH' });
      // In flight for sure once its browser is starting.
      await vi.waitFor(() => expect(processesUsing(tmp)).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
      const stopped = service.stop();
      // Once it says it stops, it has stopped listening (on a busy machine the signal may take a while).
      await vi.waitFor(() => expect(service.output()).toContain('"event":"stopping"'), { timeout: 5_000 });
      await expect(fetch(`${service.origin}/health`)).rejects.toThrow();

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(await stopped).toEqual([0, null]);
      // The browser's helper processes leave a moment after the browser itself.
      await vi.waitFor(() => expect(processesUsing(tmp)).toBe(0), { timeout: 5_000 });
    } finally {
      service.process.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 30_000);

  it.each(['SIGKILL', 'SIGHUP'] as const)(
    'leaves no Chromium behind when the service dies by %s',
    async (signal) => {
      const tmp = mkdtempSync(join(tmpdir(), 'orphan-spec-'));
      const service = await startBuiltService({ TMPDIR: tmp, FEATURE_CV_GENERATION: 'true', RATE_LIMIT_ENABLED: 'false' });
      try {
        expect((await fetch(`${service.origin}/api/cv/generate`, { method: 'PATCH' })).status).toBe(200);
        expect(processesUsing(tmp)).toBeGreaterThan(0);
        service.process.kill(signal);
        await once(service.process, 'exit');
        await vi.waitFor(() => expect(processesUsing(tmp)).toBe(0), { timeout: 10_000 });
      } finally {
        service.process.kill('SIGKILL');
        if (processesUsing(tmp) > 0) execFileSync('pkill', ['-9', '-f', tmp]);
        rmSync(tmp, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it('with an idle connection and a client still sending headers: logs that it stops, closes both at once, runs the hooks, logs that it stopped and exits 0', async () => {
    const service = await startBuiltService({ LOG_LEVEL: 'info' });
    try {
      const port = Number(new URL(service.origin).port);
      const idle = connect(port, '127.0.0.1');
      idle.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      await once(idle, 'data');
      const slow = connect(port, '127.0.0.1');
      slow.write('GET /api/projects HTTP/1.1\r\nHost: x\r\n');
      await once(slow, 'connect');
      // Closed by the server, they may see a reset (Node 26 resets the one whose headers it had not read whole).
      const closed = (socket: Socket) => new Promise((resolve) => socket.on('error', () => undefined).once('close', resolve));
      const bothClosed = Promise.all([closed(idle), closed(slow)]);
      const startedAt = Date.now();
      expect(await service.stop()).toEqual([0, null]);
      await bothClosed;
      // A hang bound, not a speed measurement: neither the header time-out (10 s) nor the grace (25 s) was waited out.
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      const events = service
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { event?: string }).event)
        .filter((event) => event === 'stopping' || event === 'stopped');
      expect(events).toEqual(['stopping', 'stopped']);
    } finally {
      service.process.kill('SIGKILL');
    }
  }, 30_000);

  it('lets a contact message whose mails take seconds finish them before it stops, within SHUTDOWN_GRACE_MS', async () => {
    const [database, smtp] = await Promise.all([createTestDatabase(), LocalSmtpServer.start()]);
    smtp.acceptDelayMs = 1_500;
    const service = await startBuiltService({
      SHUTDOWN_GRACE_MS: '6000',
      DATABASE_URL: database.url,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_USER,
      SMTP_PASSWORD,
      CONTACT_RECIPIENT: 'owner@example.com',
    });
    try {
      const sent = fetch(`${service.origin}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Sent just before the deploy.' }),
      });
      await vi.waitFor(async () => expect(await database.query('SELECT id FROM contact_messages')).toHaveLength(1));
      const stopped = service.stop();
      expect((await sent).status).toBe(200);
      expect(await stopped).toEqual([0, null]);
      expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([['owner@example.com'], ['ada@example.com']]);
      expect(await database.query('SELECT notification_status, confirmation_status FROM contact_messages')).toEqual([
        { notification_status: 'sent', confirmation_status: 'sent' },
      ]);
    } finally {
      service.process.kill('SIGKILL');
      await smtp.stop();
      await database.drop();
    }
  });
});
