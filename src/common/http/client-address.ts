import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import { normalizeIp } from '@nestjs/throttler';
import type { Express } from 'express';
import proxyAddr from 'proxy-addr';

/** A request's client address, as Express's `req.ip` reads it. */
export type ClientAddress = (req: IncomingMessage) => string;

/**
 * `req.ip` for a request Express has not seen yet: the address proxy-addr finds by the app's
 * TRUST_PROXY setting (its compiled 'trust proxy fn'), as Express's own getter does.
 */
export function clientAddressBy(app: Express): ClientAddress {
  const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
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
