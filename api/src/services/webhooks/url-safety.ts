// SSRF guard for webhook URLs (issue 20). In production configuration a webhook must be https and its host
// must resolve only to public addresses: loopback, private (RFC 1918, unique-local), link-local (cloud
// metadata at 169.254.169.254), CGNAT, multicast, unspecified and documentation ranges are refused, both
// when the endpoint is saved and at every delivery (the socket connects through `safeLookup`, so a name that
// later resolves to a private address — DNS rebinding — is refused too). In development (allowPrivate) any
// http(s) URL is accepted, so a receiver on localhost works.
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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook may not reach in production configuration. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
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

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );
}

/** The problem with a webhook URL, or null when it may be used. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string | null> {
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return URL_MESSAGES.privateAddress;
  if (isIP(host)) return isPrivateAddress(host) ? URL_MESSAGES.privateAddress : null;
  try {
    const addresses = await resolveAll(host);
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

/** A `lookup` for http.request that refuses private addresses (production configuration). */
export function safeLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses;
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const refused = Object.assign(new Error(`refused private address ${bad.address}`), {
        code: 'EPRIVATE',
      });
      return callback(refused, '');
    }
    const wantsAll = (options as { all?: boolean }).all;
    if (wantsAll) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}
