import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  /** What the body said, once its signature was verified with the receiver's secret. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  headers: IncomingHttpHeaders;
}

/**
 * A webhook receiver in the test process: it verifies every delivery with the `standardwebhooks`
 * library (what a receiver in the wild runs), keeps those that verify, and answers 204, or 500
 * while `failing` is above 0 (counting down), or never while `hanging`.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  /** Every attempt that reached it, verified or not: its webhook-id. */
  readonly attempts: string[] = [];
  readonly refused: string[] = [];
  secret = '';
  failing = 0;
  hanging = false;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const receiver: WebhookReceiver = new WebhookReceiver(createServer((req, res) => void receiver.take(req, res)));
    receiver.server.listen(0, '127.0.0.1');
    await once(receiver.server, 'listening');
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/build`;
  }

  of(type: string): Received[] {
    return this.received.filter((delivery) => delivery.payload.type === type);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  private async take(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const id = String(req.headers['webhook-id']);
    this.attempts.push(id);
    if (this.hanging) return;
    if (this.failing > 0) {
      this.failing -= 1;
      res.writeHead(500).end('not now');
      return;
    }
    try {
      const payload = new Webhook(this.secret).verify(body, req.headers as Record<string, string>) as Received['payload'];
      this.received.push({ id, payload, headers: req.headers });
      res.writeHead(204).end();
    } catch (error) {
      this.refused.push(`${id}: ${(error as Error).message}`);
      res.writeHead(400).end();
    }
  }
}
