import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import { normalizeIp } from '@nestjs/throttler';
import type { Express } from 'express';
import proxyAddr from 'proxy-addr';

/** A request's client address, as Express's `req.ip` reads it. */
export type ClientAddress = (req: IncomingMessage) => string;

/** Express's `trust proxy` as a function: whether the hop at this address is a proxy to believe. */
export type TrustProxyFn = (address: string, hop: number) => boolean;

/** The longest address text (IPv6 with an embedded IPv4 address); anything longer is no address. */
const LONGEST_ADDRESS = 45;
/** How many addresses' answers are kept: a proxy's few stay; a flood of others only clears them. */
const REMEMBERED_ADDRESSES = 1024;

/**
 * Express's `trust proxy` for the TRUST_PROXY setting. A list of addresses and subnets is
 * compiled by proxy-addr as Express compiles it, and each address's answer is kept: proxy-addr
 * parses the address on every call (about 4 us for an IPv4-mapped IPv6 address, which is how a
 * dual-stack server sees every IPv4 peer), while the peer of a connection behind a proxy is one
 * of the same few proxies. A hop count or a boolean is cheap as it is, and left to Express.
 */
export function trustProxySetting(setting: boolean | number | string): boolean | number | TrustProxyFn {
  if (typeof setting !== 'string') return setting;
  return rememberingAnswers(proxyAddr.compile(setting.split(',').map((entry) => entry.trim())));
}

/** `trust`, answering an address it has answered before from memory: for a list of proxies, the hop does not matter. */
export function rememberingAnswers(trust: TrustProxyFn): TrustProxyFn {
  const answers = new Map<string, boolean>();
  return (address, hop) => {
    let answer = answers.get(address);
    if (answer !== undefined) return answer;
    answer = trust(address, hop);
    if (address.length > LONGEST_ADDRESS) return answer;
    if (answers.size >= REMEMBERED_ADDRESSES) answers.clear();
    answers.set(address, answer);
    return answer;
  };
}

/**
 * `req.ip` for a request Express has not seen yet: the address proxy-addr finds by the app's
 * TRUST_PROXY setting (its compiled 'trust proxy fn'), as Express's own getter does.
 */
export function clientAddressBy(app: Express): ClientAddress {
  const trusted = app.get('trust proxy fn') as TrustProxyFn;
  return (req) => proxyAddr(req, trusted);
}

/** IPv6 clients are counted per /64: one host usually holds the whole block. */
export const IPV6_SUBNET_PREFIX = 64;

/**
 * The client a limit counts, from `req.ip` (which believes X-Forwarded-For only as far as
 * TRUST_PROXY allows). Proxies such as Azure App Service and Application Gateway forward the
 * client's port too (`203.0.113.7:50001`, `[2001:db8::1]:443`): without it, every new
 * connection would be a new client. An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function clientKey(ip: string | undefined): string {
  return normalizeIp(withoutPort(ip ?? ''), IPV6_SUBNET_PREFIX);
}

function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed && isIPv6(bracketed[1])) return bracketed[1];
  const colon = address.indexOf(':');
  if (colon > 0 && colon === address.lastIndexOf(':') && /^\d+$/.test(address.slice(colon + 1))) {
    const host = address.slice(0, colon);
    if (isIPv4(host)) return host;
  }
  return address;
}
