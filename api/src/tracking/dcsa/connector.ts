// DCSA Track & Trace connector, v2.2 or v3.0 (the carrier's `dcsa_api_version`): polls the events of
// one reference, following cursor paging, incrementally, with a timeout per request.
// - v2.2: GET {base}/v2/events?<reference>&eventCreatedDateTime:gte=…, a JSON list, `Next-Page`
//   (cursor or link), API-Version 2;
// - v3.0: GET {base}/v3/events?<reference>&eventUpdatedDateTimeMin=…, `{events: [...]}`,
//   `Next-Page-Cursor` → `cursor` (with the original parameters), API-Version 3.0.0; each event is
//   judged by the v3.0 schema and translated to the shape the engine stores (dcsa/v3.ts).
// The carrier's Date header is kept (carrierNow): the poll cursor follows the carrier's clock.
// Every event is validated; the valid ones and the rejected ones (with reasons) are returned separately.
import type { DcsaCredentials } from '../../db/types';
import { REFERENCE_PARAMETER, type CodeType, type DcsaEvent } from './types';
import { DCSA_V3_API_VERSION, readV3, type V3Retraction } from './v3';
import { validateEvent } from './validate';

export type DcsaVersion = '2.2' | '3.0';

export interface ConnectorOptions {
  /** e.g. https://api.carrier.example/track-and-trace (the connector appends /v2/events). */
  baseUrl: string;
  credentials?: DcsaCredentials | null;
  /** Per HTTP request (default 15 s). */
  timeoutMs?: number;
  /** Page size asked for (default 100). */
  pageLimit?: number;
  /** Safety stop for endless paging (default 500 pages). */
  maxPages?: number;
  /** DCSA T&T version the carrier speaks (default 2.2). */
  version?: DcsaVersion;
}

export interface PollRequest {
  codeType: CodeType;
  reference: string;
  /** Only events created at or after this instant (ISO date-time). */
  since?: string | null;
}

export interface RejectedPayload {
  raw: unknown;
  reasons: string[];
  /** Why: `invalid` (v2.2 validator, or not used by the portal) or `schema` (DCSA v3.0 schema); default invalid. */
  kind?: 'invalid' | 'schema';
}

export interface PollResult {
  /** The carrier answered 404 or an empty first page for a first poll: it does not know the reference. */
  notFound: boolean;
  events: DcsaEvent[];
  rejected: RejectedPayload[];
  /** v3.0 retractions (isRetracted), applied by ingestion. */
  retractions: V3Retraction[];
  pages: number;
  /** Latest eventCreatedDateTime among the valid events (for the next incremental poll). */
  lastCreatedAt: string | null;
  /** The carrier's clock at its last answer (its Date header, ms), or null when it gave none. */
  carrierNow: number | null;
}

export type ConnectorErrorKind = 'timeout' | 'network' | 'http' | 'malformed' | 'paging';

export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

/** The major version sent in API-Version (the spec asks for the major version only). */
const DCSA_API_MAJOR = '2';

/**
 * The headers of every request to a carrier: Accept, API-Version (v2.2: the major version; v3.0:
 * the full one) and the carrier's credentials (bearer token, basic or an API-key header). The only
 * place credentials become headers.
 */
function carrierHeaders(
  version: DcsaVersion | undefined,
  credentials?: DcsaCredentials | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'API-Version': version === '3.0' ? DCSA_V3_API_VERSION : DCSA_API_MAJOR,
  };
  if (!credentials) return headers;
  if (credentials.type === 'bearer') return { ...headers, authorization: `Bearer ${credentials.token}` };
  if (credentials.type === 'basic') {
    return {
      ...headers,
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    };
  }
  return { ...headers, [credentials.name]: credentials.value };
}

/**
 * One HTTP request to a carrier (every carrier call of the portal goes through here): the answer's
 * status, headers and text, or a ConnectorError (timeout, network) when there is none.
 */
async function carrierRequest(
  url: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<{ status: number; ok: boolean; headers: Headers; text: string }> {
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers:
        init.body === undefined ? init.headers : { ...init.headers, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, ok: res.ok, headers: res.headers, text: await res.text() };
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ConnectorError('timeout', `No answer from ${url} within ${timeoutMs} ms`);
    }
    throw new ConnectorError('network', `Could not reach ${url}: ${(err as Error).message}`);
  }
}

async function fetchJson(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{
  status: number;
  body: unknown;
  nextPage: string | null;
  nextCursor: string | null;
  date: number | null;
}> {
  const res = await carrierRequest(url, { headers }, timeoutMs);
  const dated = Date.parse(res.headers.get('date') ?? '');
  const date = Number.isFinite(dated) ? dated : null;
  if (res.status === 404) return { status: 404, body: null, nextPage: null, nextCursor: null, date };
  if (!res.ok) throw new ConnectorError('http', `${url} answered ${res.status}`, res.status);
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    throw new ConnectorError('malformed', `${url} answered invalid JSON: ${res.text.slice(0, 80)}`);
  }
  return {
    status: res.status,
    body,
    nextPage: res.headers.get('next-page') || res.headers.get('next-page-cursor'),
    nextCursor: res.headers.get('next-page-cursor'),
    date,
  };
}

/** What every poll of one connector shares. */
interface Polling {
  base: string;
  v3: boolean;
  headers: Record<string, string>;
  timeoutMs: number;
  pageLimit: number;
  maxPages: number;
}

type Page = Awaited<ReturnType<typeof fetchJson>>;

/** The first page's URL: the reference, the page size and, for an incremental poll, the time since. */
function firstPageUrl(polling: Polling, request: PollRequest): URL {
  const { base, v3 } = polling;
  const first = new URL(`${base}/${v3 ? 'v3' : 'v2'}/events`);
  first.searchParams.set(REFERENCE_PARAMETER[request.codeType], request.reference);
  first.searchParams.set('limit', String(polling.pageLimit));
  if (request.since)
    first.searchParams.set(v3 ? 'eventUpdatedDateTimeMin' : 'eventCreatedDateTime:gte', request.since);
  return first;
}

/** Sorts the items of one page into the result: valid events (and the latest creation time), retractions, rejected. */
function collectPage(result: PollResult, list: unknown[], v3: boolean): void {
  for (const raw of list) {
    const read = v3 ? readV3(raw) : null;
    if (read?.kind === 'retraction') {
      result.retractions.push(read.retraction);
      continue;
    }
    const checked:
      ReturnType<typeof validateEvent> | { ok: false; reasons: string[]; kind: 'schema' | 'invalid' } = read
      ? read.kind === 'event'
        ? { ok: true, event: read.event }
        : { ok: false, reasons: read.reasons, kind: read.setAside }
      : validateEvent(raw);
    if (checked.ok) {
      result.events.push(checked.event);
      const created = checked.event.eventCreatedDateTime;
      if (!result.lastCreatedAt || Date.parse(created) > Date.parse(result.lastCreatedAt)) {
        result.lastCreatedAt = created;
      }
    } else {
      result.rejected.push({
        raw,
        reasons: checked.reasons,
        ...('kind' in checked ? { kind: checked.kind } : {}),
      });
    }
  }
}

/** The URL of the page after `page` (of `count` items), or null after the last; a repeated cursor is an error. */
function nextPageUrl(
  polling: Polling,
  first: URL,
  page: Page,
  count: number,
  seenCursors: Set<string>,
): string | null {
  const { base } = polling;
  if (polling.v3) {
    // v3: the last page has no Next-Page-Cursor (and may be empty).
    if (!page.nextCursor) return null;
    if (seenCursors.has(page.nextCursor))
      throw new ConnectorError('paging', `${base} repeated a page cursor`);
    seenCursors.add(page.nextCursor);
    const next = new URL(first);
    next.searchParams.set('cursor', page.nextCursor);
    return next.toString();
  }
  if (!page.nextPage || count === 0) return null;
  if (seenCursors.has(page.nextPage)) throw new ConnectorError('paging', `${base} repeated a page cursor`);
  seenCursors.add(page.nextPage);
  // Next-Page is a cursor (spec example) or a link; both are followed.
  if (/^https?:\/\//.test(page.nextPage)) return page.nextPage;
  const next = new URL(first);
  next.searchParams.set('cursor', page.nextPage);
  return next.toString();
}

/** The events of one reference, page after page. */
async function pollEvents(polling: Polling, request: PollRequest): Promise<PollResult> {
  const { base, v3, maxPages } = polling;
  const first = firstPageUrl(polling, request);
  const result: PollResult = {
    notFound: false,
    events: [],
    rejected: [],
    retractions: [],
    pages: 0,
    lastCreatedAt: null,
    carrierNow: null,
  };
  let url: string | null = first.toString();
  const seenCursors = new Set<string>();
  while (url) {
    if (result.pages >= maxPages)
      throw new ConnectorError('paging', `More than ${maxPages} pages from ${base}`);
    const page = await fetchJson(url, polling.headers, polling.timeoutMs);
    result.pages++;
    if (page.date !== null) result.carrierNow = Math.max(result.carrierNow ?? 0, page.date);
    if (page.status === 404) {
      result.notFound = result.pages === 1;
      break;
    }
    const list = v3 ? (page.body as { events?: unknown } | null)?.events : page.body;
    if (!Array.isArray(list))
      throw new ConnectorError(
        'malformed',
        `${url} did not answer ${v3 ? 'an object with a list of events' : 'a list of events'}`,
      );
    collectPage(result, list, v3);
    url = nextPageUrl(polling, first, page, list.length, seenCursors);
  }
  if (
    !request.since &&
    !result.events.length &&
    !result.rejected.length &&
    !result.retractions.length &&
    (result.pages === 1 || v3)
  ) {
    result.notFound = true;
  }
  return result;
}

export function createDcsaConnector(options: ConnectorOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pageLimit = options.pageLimit ?? 100;
  const maxPages = options.maxPages ?? 500;
  const base = options.baseUrl.replace(/\/+$/, '');
  const v3 = options.version === '3.0';
  const headers = carrierHeaders(options.version, options.credentials);
  const polling: Polling = { base, v3, headers, timeoutMs, pageLimit, maxPages };

  const poll = (request: PollRequest): Promise<PollResult> => pollEvents(polling, request);

  /**
   * Push subscription for one reference. v2.2: POST {base}/v2/event-subscriptions (the standard's).
   * v3.0 leaves the registration of Event Consumers out of the standard: the portal asks at
   * POST {base}/v3/event-subscriptions with the same body (callbackUrl, secret, the reference);
   * the carrier then calls the v3 consumer endpoint POST {callbackUrl}/events. Returns the
   * carrier's subscription id (null when it gave none), or `refused` when it did not answer 200/201
   * (a v3 carrier without that registration is polled only). No answer (timeout, network): a
   * ConnectorError.
   */
  async function subscribe(request: {
    codeType: PollRequest['codeType'];
    reference: string;
    callbackUrl: string;
    secret: string;
  }): Promise<{ refused: true } | { refused: false; carrierSubscriptionId: string | null }> {
    const res = await carrierRequest(
      `${base}/${v3 ? 'v3' : 'v2'}/event-subscriptions`,
      {
        method: 'POST',
        headers,
        body: {
          callbackUrl: request.callbackUrl,
          secret: request.secret,
          [REFERENCE_PARAMETER[request.codeType]]: request.reference,
        },
      },
      timeoutMs,
    );
    if (res.status !== 201 && res.status !== 200) return { refused: true };
    let body: { subscriptionID?: unknown } = {};
    try {
      body = (JSON.parse(res.text) as typeof body | null) ?? {};
    } catch {
      // An answer without a JSON body: the carrier gave no subscription id.
    }
    return {
      refused: false,
      carrierSubscriptionId: typeof body.subscriptionID === 'string' ? body.subscriptionID : null,
    };
  }

  /** Cancels a subscription at the carrier (DELETE); errors and refusals are ignored. */
  async function unsubscribe(carrierSubscriptionId: string): Promise<void> {
    await carrierRequest(
      `${base}/${v3 ? 'v3' : 'v2'}/event-subscriptions/${encodeURIComponent(carrierSubscriptionId)}`,
      { method: 'DELETE', headers },
      timeoutMs,
    ).catch(() => undefined);
  }

  return { poll, subscribe, unsubscribe };
}

export type DcsaConnector = ReturnType<typeof createDcsaConnector>;
