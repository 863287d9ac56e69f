// One HTTP POST of a webhook body: keep-alive agents, a hard timeout, no redirects followed (a 3xx is a failed
// attempt, so a receiver cannot send us on to another address), and unless the development opt-in is on, no
// private or loopback address (checked again at connect time, see url-safety).
//
// The delivery log shows a generic reason for a failed attempt (DELIVERY_ERRORS), never the system's error
// text: "ECONNREFUSED 10.0.0.5:6379" would tell a manager which internal ports are open.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  createSafeLookup,
  hostOf,
  isPrivateAddress,
  PRIVATE_ADDRESS_CODE,
  type Resolver,
} from './url-safety';

export interface SendResult {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/** The reasons a delivery log shows for an attempt without a 2xx answer (the page translates them). */
export const DELIVERY_ERRORS = {
  refused: 'Refused: the address is not public.',
  notHttps: 'Refused: the URL is not https.',
  invalidUrl: 'Refused: the URL is not valid.',
  unreachable: 'Could not connect to the receiver.',
  timeout: 'No answer within the time limit (timeout).',
  tls: 'The TLS connection failed (certificate or protocol).',
  redirect: 'The receiver answered with a redirect; redirects are not followed.',
  aborted: 'The connection was closed before an answer.',
} as const;

const KNOWN_ERRORS = new Set<string>(Object.values(DELIVERY_ERRORS));

/**
 * The text a delivery log shows for a stored error: the generic reasons as they are, `HTTP nnn` as it is,
 * anything else (rows written before the reasons were generic) as "could not connect".
 */
export function publicDeliveryError(error: string | null): string | null {
  if (error === null) return null;
  if (KNOWN_ERRORS.has(error) || /^HTTP \d{3}$/.test(error)) return error;
  if (/timeout/i.test(error)) return DELIVERY_ERRORS.timeout;
  return DELIVERY_ERRORS.unreachable;
}

/** The generic reason of a request error (see DELIVERY_ERRORS). */
function reasonOf(err: NodeJS.ErrnoException & { timeout?: boolean }): string {
  if (err.timeout) return DELIVERY_ERRORS.timeout;
  const code = err.code ?? '';
  if (code === PRIVATE_ADDRESS_CODE) return DELIVERY_ERRORS.refused;
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME/i.test(code) || /SSL|TLS/i.test(err.message))
    return DELIVERY_ERRORS.tls;
  if (code === 'ECONNRESET' || code === 'EPIPE') return DELIVERY_ERRORS.aborted;
  return DELIVERY_ERRORS.unreachable;
}

function agentsFor(lookup: ReturnType<typeof createSafeLookup> | undefined, keepAlive = true) {
  return {
    http: new http.Agent({ keepAlive, maxSockets: 64, ...(lookup ? { lookup } : {}) }),
    https: new https.Agent({ keepAlive, maxSockets: 64, ...(lookup ? { lookup } : {}) }),
  };
}
const agents = { open: agentsFor(undefined), safe: agentsFor(createSafeLookup()) };

export interface PostOptions {
  timeoutMs: number;
  /** The development opt-in: private and loopback addresses and http:// allowed. */
  allowPrivate: boolean;
  /** Tests: resolve names with this instead of the system's resolver (a fresh agent is used). */
  resolver?: Resolver;
}

export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendResult => {
    const ok = status !== null && status >= 200 && status < 300;
    const failure =
      error ??
      (ok || status === null
        ? null
        : status >= 300 && status < 400
          ? DELIVERY_ERRORS.redirect
          : `HTTP ${status}`);
    return { ok, status, latencyMs: Math.round(performance.now() - started), error: failure };
  };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve(done(null, DELIVERY_ERRORS.invalidUrl));
  }
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') return Promise.resolve(done(null, DELIVERY_ERRORS.invalidUrl));
  if (!options.allowPrivate) {
    // An address literal never reaches the lookup: it is checked here.
    const host = hostOf(url);
    if (!secure) return Promise.resolve(done(null, DELIVERY_ERRORS.notHttps));
    if (isIP(host) && isPrivateAddress(host)) return Promise.resolve(done(null, DELIVERY_ERRORS.refused));
  }
  const set = options.allowPrivate
    ? agents.open
    : options.resolver
      ? agentsFor(createSafeLookup(options.resolver), false)
      : agents.safe;
  const lib = secure ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = lib.request(
      url,
      {
        method: 'POST',
        agent: secure ? set.https : set.http,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        // Read (and drop) at most 64 KiB of the answer so the socket can be reused.
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 65_536) res.destroy();
        });
        res.on('end', () => finish(done(res.statusCode ?? null, null)));
        res.on('error', () => finish(done(res.statusCode ?? null, null)));
        res.on('close', () => finish(done(res.statusCode ?? null, null)));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error('timeout'), { timeout: true }));
    }, options.timeoutMs);
    req.on('error', (err) => finish(done(null, reasonOf(err))));
    req.end(body);
  });
}
