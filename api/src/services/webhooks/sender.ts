// One HTTP POST of a webhook body: keep-alive agents, a hard timeout, no redirects followed, and in
// production configuration no private or loopback address (checked again at connect time, see url-safety).
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress, safeLookup } from './url-safety';

export interface SendResult {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  error: string | null;
}

const agents = {
  open: {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  },
  safe: {
    http: new http.Agent({ keepAlive: true, maxSockets: 64, lookup: safeLookup }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64, lookup: safeLookup }),
  },
};

export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendResult => ({
    ok: status !== null && status >= 200 && status < 300,
    status,
    latencyMs: Math.round(performance.now() - started),
    error:
      error?.slice(0, 500) ?? (status !== null && (status < 200 || status >= 300) ? `HTTP ${status}` : null),
  });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve(done(null, 'invalid URL'));
  }
  const secure = url.protocol === 'https:';
  if (!options.allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!secure) return Promise.resolve(done(null, 'refused: not https'));
    if (host === 'localhost' || (isIP(host) && isPrivateAddress(host)))
      return Promise.resolve(done(null, `refused private address ${host}`));
  }
  const set = options.allowPrivate ? agents.open : agents.safe;
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
      req.destroy(new Error(`timeout after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('error', (err) => finish(done(null, err.message)));
    req.end(body);
  });
}
