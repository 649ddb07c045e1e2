import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import ipaddr from 'ipaddr.js';
import { RequestValidationException } from '@/common/validation/request-validation.exception';

/** How long a registration waits for the receiver's name to resolve. */
const RESOLVE_WITHIN_MS = 3_000;

/** Only public unicast addresses: loopback, private, link-local (cloud metadata), carrier-grade NAT, reserved and the like are a network's inside. */
const isPublicAddress = (address: string): boolean => ipaddr.process(address).range() === 'unicast';

/** The host's addresses, or none when it does not resolve in time. */
async function addressesOf(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const resolved = lookup(host, { all: true }).then((found) => found.map(({ address }) => address));
  return Promise.race([resolved, sleep(RESOLVE_WITHIN_MS, [])]).catch(() => []);
}

/**
 * Refuses (422 at the URL) a receiver whose host is, or resolves to, an address that is not
 * public: a webhook is no way into the service's network. A name that does not resolve now may
 * later, so it passes here; every delivery checks the address it connects to again (DNS can change).
 */
export async function assertPublicTarget(url: string, loc: (string | number)[]): Promise<void> {
  // An IPv6 literal's hostname keeps its brackets (`[::1]`), which no address parser takes.
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const inside = (await addressesOf(host)).find((address) => !isPublicAddress(address));
  if (inside)
    throw RequestValidationException.single(
      loc,
      `${host} is at ${inside}, inside a network (loopback, private, link-local or metadata); the operator may allow it with WEBHOOK_ALLOW_PRIVATE_TARGETS=true`,
      'value_error',
    );
}
