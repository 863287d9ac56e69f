// The request of /remotes.json, without imports: the entry (index.ts) starts it before the shared modules are
// negotiated and the registry's chunk has loaded, so on the way to a remote page the remotes' locations no
// longer wait for them; the registry then takes that request instead of asking again.
const REMOTES_CONFIG_URL = '/remotes.json';
const FETCH_TIMEOUT_MS = 5000;

/** The parsed /remotes.json (never cached); rejects on a network error, a non-2xx answer, bad JSON or 5 s. */
export function requestRemotesConfig(fetchImpl: typeof fetch = fetch): Promise<unknown> {
  const controller = typeof AbortController !== 'undefined' ? new AbortController() : undefined;
  const timer = setTimeout(() => controller?.abort(), FETCH_TIMEOUT_MS);
  return fetchImpl(REMOTES_CONFIG_URL, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    signal: controller?.signal,
  })
    .then((response): Promise<unknown> => {
      if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
      return response.json();
    })
    .finally(() => clearTimeout(timer));
}

let early: Promise<unknown> | null = null;

/** Starts the request now (the entry, at once); its answer waits for takeEarlyRemotesConfig. */
export function startRemotesConfigRequest(): void {
  if (typeof fetch !== 'function') return;
  const request = requestRemotesConfig();
  // an early failure is reported (and the defaults used) by whoever takes it
  request.catch(() => undefined);
  early = request;
}

/** The request the entry started (once), or null. */
export function takeEarlyRemotesConfig(): Promise<unknown> | null {
  const request = early;
  early = null;
  return request;
}
