import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A receiver has this long to answer, its body included. */
const ANSWER_WITHIN_MS = 10_000;
/** A receiver's answer is read this far, and this much of it kept. */
const MOST_READ = 64 * 1024;
const MOST_KEPT = 1024;

export interface Attempt {
  /** Delivered: a 2xx came in time. */
  delivered: boolean;
  status: number | null;
  /** Why it failed: the error, or the start of the answer. */
  error: string | null;
}

export interface Receiver {
  url: string;
  secret: string;
}

/** The libraries a delivery needs, loaded with the first one. */
const libraries = async () => {
  const [{ Webhook }, { RequestFilteringHttpAgent, RequestFilteringHttpsAgent }] = await Promise.all([
    import('standardwebhooks'),
    import('request-filtering-agent'),
  ]);
  return { Webhook, RequestFilteringHttpAgent, RequestFilteringHttpsAgent };
};
let loaded: ReturnType<typeof libraries> | undefined;

/**
 * One attempt of a delivery: the body POSTed as Standard Webhooks signs it (`webhook-id`,
 * `webhook-timestamp` of now, `webhook-signature`), through an agent that refuses to connect to
 * an address that is not public unless `allowPrivate` (checked on the address it connects to, so
 * a name that resolves elsewhere now is caught). Redirects are not followed.
 */
export async function attemptDelivery(id: string, body: string, { url, secret }: Receiver, allowPrivate: boolean): Promise<Attempt> {
  const { Webhook, RequestFilteringHttpAgent, RequestFilteringHttpsAgent } = await (loaded ??= libraries());
  const now = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'portfolio-content-service-webhooks',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, now, body),
  };
  const secure = url.startsWith('https:');
  const options = { allowPrivateIPAddress: allowPrivate, keepAlive: false };
  const agent = secure ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<Attempt>((resolve) => {
    const outgoing = send(
      url,
      { method: 'POST', agent, headers, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) },
      (answer) =>
        void readBounded(answer).then(
          (start) => {
            const status = answer.statusCode ?? null;
            const delivered = status !== null && status >= 200 && status < 300;
            resolve({ delivered, status, error: delivered ? null : `HTTP ${status}${start ? `: ${start}` : ''}` });
          },
          (error: unknown) => resolve({ delivered: false, status: answer.statusCode ?? null, error: messageOf(error) }),
        ),
    );
    outgoing.on('error', (error) => resolve({ delivered: false, status: null, error: messageOf(error) }));
    outgoing.end(body);
  }).finally(() => agent.destroy());
}

/** The start of the answer (MOST_KEPT), having read at most MOST_READ of it. */
async function readBounded(answer: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of answer as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read <= MOST_KEPT + chunk.length) chunks.push(chunk);
    if (read >= MOST_READ) {
      answer.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MOST_KEPT).toString('utf8');
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, MOST_KEPT);
