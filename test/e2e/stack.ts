/**
 * The running stack the black-box suite talks to, from the environment only: it imports nothing
 * of the service, so any pipeline can point it at any deployment.
 */
const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: npm run test:e2e talks to a running stack (see README, Deploy)`);
  return value;
};

export const BASE_URL = required('E2E_BASE_URL').replace(/\/+$/, '');
export const ADMIN_TOKEN = required('E2E_ADMIN_TOKEN');
/** A mail sink's HTTP API (Mailpit's, or one that answers as it does), when the stack has one. */
export const MAIL_SINK_URL = process.env.E2E_MAIL_SINK_URL?.replace(/\/+$/, '');
/** The private metrics endpoint (METRICS_PORT), when the stack exposes one. */
export const METRICS_URL = process.env.E2E_METRICS_URL;
/**
 * `1`: a smoke test of a real deployment, which must change nothing there: the cases that write
 * (content and its history, a contact mail, a CV published or a download counted) are left out.
 */
export const READ_ONLY = process.env.E2E_READ_ONLY === '1';

/**
 * A request to the stack; `admin` adds the admin token. It names this run's client address to a
 * stack that trusts the proxy it comes through (TRUST_PROXY), as a TLS terminator in front would.
 */
export async function call(path: string, init: RequestInit & { admin?: boolean; json?: unknown } = {}): Promise<Response> {
  const { admin = false, json, headers, ...rest } = init;
  return fetch(BASE_URL + path, {
    ...rest,
    headers: {
      'X-Forwarded-For': CLIENT,
      ...(admin ? { Authorization: `Bearer ${ADMIN_TOKEN}` } : {}),
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(headers as Record<string, string> | undefined),
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
}

/** A fresh client address per run, so the limits this suite spends are its own (honoured where the stack trusts its proxy). */
const CLIENT = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** How soon every instance, and every cache in front, serves a change: what the service promises. */
const CHANGE_SEEN_WITHIN_MS = 2_000;

/**
 * Waits until what visitors read shows a change, as any deployment promises it: on every
 * instance and through any cache in front within 2 s of the write's answer. Fails with the
 * assertion's own failure after that.
 */
export const seenWithin2s = (assertion: () => Promise<void>): Promise<void> =>
  vi.waitFor(assertion, { timeout: CHANGE_SEEN_WITHIN_MS, interval: 100 });
