import { createServer, type Server, type Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'portfolio-mailer';
export const SMTP_PASSWORD = 'smtp-test-password';
export const OWNER = 'owner@example.com';
export const FROM = 'portfolio@example.com';

/** A visitor's contact message, every field filled. */
export const VISITOR = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I would like to talk about a project.',
  company: 'Analytical Engines',
} as const;

/** The app's settings to mail through the server on `port`, the owner receiving contact messages at OWNER. */
export const mailEnv = (port: number, extra: Record<string, string> = {}) => ({
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

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The message as it crossed the wire, headers first. */
  raw: string;
  parsed: ParsedMail;
}

type SmtpError = Error & { responseCode: number };

const smtpError = (message: string, responseCode: number): SmtpError => Object.assign(new Error(message), { responseCode });

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that advertises AUTH, records
 * every message it accepts, and can be told to refuse the credentials, or one recipient for
 * good (550) or for now (451).
 */
export class LocalSmtpServer {
  readonly received: ReceivedMail[] = [];
  rejectCredentials = false;
  rejectedRecipient: string | undefined;
  deferredRecipient: string | undefined;
  /** How long the server takes to accept a message once it has it: a slow mail server. */
  acceptDelayMs = 0;
  port = 0;

  private readonly server = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => {
      const valid = auth.username === SMTP_USER && auth.password === SMTP_PASSWORD;
      if (this.rejectCredentials || !valid) return callback(smtpError('Authentication credentials invalid', 535));
      callback(null, { user: auth.username });
    },
    onRcptTo: (address, _session, callback) => {
      if (address.address === this.rejectedRecipient) return callback(smtpError('Mailbox unavailable', 550));
      if (address.address === this.deferredRecipient) return callback(smtpError('Mailbox busy, try again later', 451));
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        simpleParser(raw)
          .then((parsed) => {
            setTimeout(() => {
              this.received.push({ envelope, raw, parsed });
              callback();
            }, this.acceptDelayMs);
          })
          .catch(callback);
      });
    },
  });

  /** On a free port, or on `port` (e.g. one a test app was told about while nothing listened). */
  static async start(port = 0): Promise<LocalSmtpServer> {
    const smtp = new LocalSmtpServer();
    smtp.port = await listen(smtp.server.server, port);
    return smtp;
  }

  reset(): void {
    this.received.length = 0;
    this.rejectCredentials = false;
    this.rejectedRecipient = undefined;
    this.deferredRecipient = undefined;
    this.acceptDelayMs = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Accepts connections and never says a word: the mail server that hangs. */
export class SilentServer {
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((socket) => this.sockets.add(socket));
  port = 0;

  static async start(): Promise<SilentServer> {
    const silent = new SilentServer();
    silent.port = await listen(silent.server);
    return silent;
  }

  stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A port nothing listens on: taken from the OS, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}
