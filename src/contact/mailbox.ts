import { domainToASCII } from 'node:url';

/** Domains whose mail server ignores the dots of a local part, and which deliver to one another. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as the big providers resolve it, so every spelling of one
 * mailbox gives the same string: case is ignored, a `+tag` is dropped, the domain is taken in its
 * ASCII (punycode) form, and Gmail's dots are ignored (googlemail.com being gmail.com).
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  const spelledDomain = address.slice(at + 1).toLowerCase();
  const domain = domainToASCII(spelledDomain) || spelledDomain;
  const local = address.slice(0, at).toLowerCase().split('+', 1)[0];
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}
