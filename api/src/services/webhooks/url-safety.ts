// SSRF guard for webhook URLs, on by default (a webhook must never reach the portal's own network): a webhook
// must be https and its host must resolve only
// to public addresses. Loopback, private (RFC 1918, unique-local), link-local (cloud metadata at
// 169.254.169.254), CGNAT, multicast, unspecified, documentation, benchmarking and the IPv6 forms that carry
// an IPv4 address (IPv4-compatible ::/96, NAT64, 6to4, Teredo; IPv4-mapped ::ffff:a.b.c.d is checked as the
// IPv4 address it carries) are refused, when
// the endpoint is saved and at every delivery. Every spelling of an address is read by the WHATWG URL parser
// first (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, short 127.1 and [::127.0.0.1] all become the
// address they mean) and checked with node:net's BlockList, which also matches IPv4 rules against IPv4-mapped
// IPv6 addresses. At delivery the socket connects through `safeLookup`: the name is resolved once, every
// address checked, and the connection made to a checked address (a name that later resolves to a private
// address — DNS rebinding — is refused). Redirects are never followed (sender.ts).
// Only an explicit development opt-in (WEBHOOK_ALLOW_PRIVATE_URLS=1, see worker.ts) turns the guard off.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, BlockList } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d (e.g. [::127.0.0.1]).
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook may not reach (anything that is not a public unicast IP address). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  // Scoped addresses (fe80::1%eth0) are link-local by definition.
  if (family === 6) return bare.includes('%') || blocked.check(bare, 'ipv6');
  return true;
}

/** The refusals of a webhook URL (translated by src/i18n/catalogue.ts). */
export const URL_MESSAGES = {
  invalid: 'Enter a valid URL.',
  https: 'The URL must start with https://.',
  credentials: 'The URL must not contain a user name or password.',
  privateAddress: 'This address is private or local: webhooks must reach a public address.',
  unresolvable: 'The host name of this URL cannot be resolved.',
} as const;

/** Resolves a host name to all its addresses (node:dns lookup; tests pass their own). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/** The host of a parsed URL without IPv6 brackets, and without the trailing dot of a fully qualified name. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

const isLocalName = (host: string) => {
  const h = host.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost');
};

/** The problem with a webhook URL, or null when it may be used. */
export async function checkWebhookUrl(
  raw: string,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return URL_MESSAGES.invalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return URL_MESSAGES.invalid;
  if (url.username || url.password) return URL_MESSAGES.credentials;
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return URL_MESSAGES.https;
  const host = hostOf(url);
  if (!host) return URL_MESSAGES.invalid;
  if (isLocalName(host)) return URL_MESSAGES.privateAddress;
  if (isIP(host)) return isPrivateAddress(host) ? URL_MESSAGES.privateAddress : null;
  try {
    const addresses = await resolve(host);
    if (addresses.length === 0) return URL_MESSAGES.unresolvable;
    if (addresses.some((a) => isPrivateAddress(a.address))) return URL_MESSAGES.privateAddress;
  } catch {
    return URL_MESSAGES.unresolvable;
  }
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The error a refused address gives at connect time (sender.ts shows it as a generic reason). */
export const PRIVATE_ADDRESS_CODE = 'EWEBHOOKPRIVATE';

/**
 * A `lookup` for http.request that refuses private addresses: the host is resolved once, every address is
 * checked, and the socket connects to the checked addresses only (so the answer cannot change in between).
 */
export function createSafeLookup(resolve: Resolver = systemResolver) {
  return function safeLookup(hostname: string, options: object, callback: LookupCallback): void {
    const host = hostname.replace(/^\[|\]$/g, '');
    const wanted = options as { all?: boolean; family?: number };
    const answer = (list: LookupAddress[]) => {
      const bad = isLocalName(host) || list.length === 0 || list.some((a) => isPrivateAddress(a.address));
      if (bad) {
        const refused = Object.assign(new Error('refused: the address is not public'), {
          code: PRIVATE_ADDRESS_CODE,
        });
        return callback(refused, '');
      }
      const family = wanted.family === 4 || wanted.family === 6 ? wanted.family : 0;
      const usable = family ? list.filter((a) => a.family === family) : list;
      if (usable.length === 0)
        return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
      if (wanted.all) return callback(null, usable);
      return callback(null, usable[0].address, usable[0].family);
    };
    const literal = isIP(host);
    if (literal) return answer([{ address: host, family: literal }]);
    resolve(host).then(answer, (err: NodeJS.ErrnoException) => callback(err, ''));
  };
}
