import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredSetting {
  key: string;
  label: string | null;
  value: string;
  content_type: string;
  etag: string;
  last_modified: string;
  locked: boolean;
  tags: Record<string, string>;
}

const CREDENTIAL = 'local-test-credential';

/**
 * A small Azure App Configuration on 127.0.0.1 speaking the key-value REST API the SDK uses:
 * GET and PUT /kv/{key}?label=…, 404 for a missing key, and every request's HMAC-SHA256
 * signature checked against the connection string's secret (401 otherwise).
 */
export class LocalAppConfiguration {
  readonly requests: { method: string; key: string }[] = [];
  readonly rejectedSignatures: string[] = [];
  private readonly settings = new Map<string, StoredSetting>();
  private readonly secret = randomBytes(32).toString('base64');
  private server: Server | undefined;
  private port = 0;

  get connectionString(): string {
    return `Endpoint=http://127.0.0.1:${this.port};Id=${CREDENTIAL};Secret=${this.secret}`;
  }

  /** A connection string with a secret the store does not know. */
  get forgedConnectionString(): string {
    return `Endpoint=http://127.0.0.1:${this.port};Id=${CREDENTIAL};Secret=${randomBytes(32).toString('base64')}`;
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Stops answering: the port refuses connections until start() is called again with it. */
  async stop(): Promise<number> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
    return this.port;
  }

  /** Puts a feature flag in the store directly, as the Azure portal would. */
  setFlag(id: string, label: string, enabled: boolean): void {
    const key = `.appconfig.featureflag/${id}`;
    this.store(
      key,
      label,
      JSON.stringify({ id, enabled, conditions: { client_filters: [] } }),
      'application/vnd.microsoft.appconfig.ff+json;charset=utf-8',
    );
  }

  /** The flag's `enabled` as stored, or undefined when the key is missing. */
  flag(id: string, label: string): boolean | undefined {
    const setting = this.setting(`.appconfig.featureflag/${id}`, label);
    return setting ? (JSON.parse(setting.value) as { enabled: boolean }).enabled : undefined;
  }

  setting(key: string, label: string): StoredSetting | undefined {
    return this.settings.get(`${key}\n${label}`);
  }

  reset(): void {
    this.settings.clear();
    this.requests.length = 0;
    this.rejectedSignatures.length = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const match = /^\/kv\/(.+)$/.exec(url.pathname);
    if (!this.signatureValid(req, url, body)) {
      this.rejectedSignatures.push(req.url ?? '');
      return send(res, 401, { error: 'HMAC-SHA256 signature invalid' });
    }
    if (!match) return send(res, 404, { type: 'https://azconfig.io/errors/not-found' });
    const key = decodeURIComponent(match[1]);
    const label = url.searchParams.get('label');
    this.requests.push({ method: req.method ?? '', key });
    const id = `${key}\n${label ?? ''}`;
    if (req.method === 'GET') {
      const setting = this.settings.get(id);
      return setting ? send(res, 200, setting, setting.etag) : send(res, 404, { type: 'https://azconfig.io/errors/key-not-found' });
    }
    if (req.method === 'PUT') {
      const sent = JSON.parse(body) as { value: string; content_type?: string };
      const setting = this.store(key, label ?? '', sent.value, sent.content_type ?? '');
      return send(res, 200, setting, setting.etag);
    }
    send(res, 405, { error: 'method not allowed' });
  }

  private store(key: string, label: string, value: string, contentType: string): StoredSetting {
    const setting: StoredSetting = {
      key,
      label: label || null,
      value,
      content_type: contentType,
      etag: randomBytes(8).toString('hex'),
      last_modified: new Date().toISOString(),
      locked: false,
      tags: {},
    };
    this.settings.set(`${key}\n${label}`, setting);
    return setting;
  }

  /** The check Azure makes: HMAC-SHA256 over verb, path and query, date, host and body hash. */
  private signatureValid(req: IncomingMessage, url: URL, body: string): boolean {
    const date = req.headers['x-ms-date'];
    const contentHash = req.headers['x-ms-content-sha256'];
    const signature = /^HMAC-SHA256 Credential=([^&]+)&SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=(.+)$/.exec(
      req.headers.authorization ?? '',
    );
    if (typeof date !== 'string' || typeof contentHash !== 'string' || !signature || signature[1] !== CREDENTIAL) return false;
    if (createHash('sha256').update(body).digest('base64') !== contentHash) return false;
    const signed = `${req.method}\n${url.pathname}${url.search}\n${date};${req.headers.host};${contentHash}`;
    const expected = createHmac('sha256', Buffer.from(this.secret, 'base64')).update(signed).digest();
    const given = Buffer.from(signature[2], 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function send(res: ServerResponse, status: number, body: object, etag?: string): void {
  res.writeHead(status, {
    'Content-Type': status < 300 ? 'application/vnd.microsoft.appconfig.kv+json; charset=utf-8' : 'application/problem+json',
    ...(etag ? { ETag: `"${etag}"` } : {}),
  });
  res.end(JSON.stringify(body));
}
