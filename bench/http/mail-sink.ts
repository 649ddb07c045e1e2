import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP server on 127.0.0.1 (the smtp-server package) that takes every message and keeps only their count. */
export class MailSink {
  received = 0;

  private readonly server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => {
        this.received += 1;
        callback();
      });
    },
  });

  private constructor() {}

  static async start(): Promise<MailSink> {
    const sink = new MailSink();
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
