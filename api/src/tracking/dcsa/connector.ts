// DCSA Track & Trace connector, v2.2 or v3.0 (the carrier's `dcsa_api_version`): polls the events of
// one reference, following cursor paging, incrementally, with a timeout per request.
// - v2.2: GET {base}/v2/events?<reference>&eventCreatedDateTime:gte=…, a JSON list, `Next-Page`
//   (cursor or link), API-Version 2;
// - v3.0: GET {base}/v3/events?<reference>&eventUpdatedDateTimeMin=…, `{events: [...]}`,
//   `Next-Page-Cursor` → `cursor` (with the original parameters), API-Version 3.0.0; each event is
//   translated to the v2.2 shape the engine stores (dcsa/v3.ts).
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
export const DCSA_API_MAJOR = '2';

function authHeaders(credentials?: DcsaCredentials | null): Record<string, string> {
  if (!credentials) return {};
  if (credentials.type === 'bearer') return { authorization: `Bearer ${credentials.token}` };
  if (credentials.type === 'basic') {
    return {
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    };
  }
  return { [credentials.name]: credentials.value };
}

async function fetchJson(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: unknown; nextPage: string | null; nextCursor: string | null }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ConnectorError('timeout', `No answer from ${url} within ${timeoutMs} ms`);
    }
    throw new ConnectorError('network', `Could not reach ${url}: ${(err as Error).message}`);
  }
  if (res.status === 404) return { status: 404, body: null, nextPage: null, nextCursor: null };
  if (!res.ok) throw new ConnectorError('http', `${url} answered ${res.status}`, res.status);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ConnectorError('malformed', `${url} answered invalid JSON: ${text.slice(0, 80)}`);
  }
  return {
    status: res.status,
    body,
    nextPage: res.headers.get('next-page') || res.headers.get('next-page-cursor'),
    nextCursor: res.headers.get('next-page-cursor'),
  };
}

export function createDcsaConnector(options: ConnectorOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pageLimit = options.pageLimit ?? 100;
  const maxPages = options.maxPages ?? 500;
  const base = options.baseUrl.replace(/\/+$/, '');
  const v3 = options.version === '3.0';
  const headers = {
    accept: 'application/json',
    'API-Version': v3 ? DCSA_V3_API_VERSION : DCSA_API_MAJOR,
    ...authHeaders(options.credentials),
  };

  async function poll(request: PollRequest): Promise<PollResult> {
    const first = new URL(`${base}/${v3 ? 'v3' : 'v2'}/events`);
    first.searchParams.set(REFERENCE_PARAMETER[request.codeType], request.reference);
    first.searchParams.set('limit', String(pageLimit));
    if (request.since)
      first.searchParams.set(v3 ? 'eventUpdatedDateTimeMin' : 'eventCreatedDateTime:gte', request.since);

    const result: PollResult = {
      notFound: false,
      events: [],
      rejected: [],
      retractions: [],
      pages: 0,
      lastCreatedAt: null,
    };
    let url: string | null = first.toString();
    const seenCursors = new Set<string>();
    while (url) {
      if (result.pages >= maxPages)
        throw new ConnectorError('paging', `More than ${maxPages} pages from ${base}`);
      const page = await fetchJson(url, headers, timeoutMs);
      result.pages++;
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
      for (const raw of list) {
        const read = v3 ? readV3(raw) : null;
        if (read?.kind === 'retraction') {
          result.retractions.push(read.retraction);
          continue;
        }
        const checked: ReturnType<typeof validateEvent> = read
          ? read.kind === 'event'
            ? { ok: true, event: read.event }
            : { ok: false, reasons: read.reasons }
          : validateEvent(raw);
        if (checked.ok) {
          result.events.push(checked.event);
          const created = checked.event.eventCreatedDateTime;
          if (!result.lastCreatedAt || Date.parse(created) > Date.parse(result.lastCreatedAt)) {
            result.lastCreatedAt = created;
          }
        } else {
          result.rejected.push({ raw, reasons: checked.reasons });
        }
      }
      url = null;
      if (v3) {
        // v3: the last page has no Next-Page-Cursor (and may be empty).
        if (page.nextCursor) {
          if (seenCursors.has(page.nextCursor))
            throw new ConnectorError('paging', `${base} repeated a page cursor`);
          seenCursors.add(page.nextCursor);
          const next = new URL(first);
          next.searchParams.set('cursor', page.nextCursor);
          url = next.toString();
        }
      } else if (page.nextPage && list.length > 0) {
        if (seenCursors.has(page.nextPage))
          throw new ConnectorError('paging', `${base} repeated a page cursor`);
        seenCursors.add(page.nextPage);
        // Next-Page is a cursor (spec example) or a link; both are followed.
        if (/^https?:\/\//.test(page.nextPage)) {
          url = page.nextPage;
        } else {
          const next = new URL(first);
          next.searchParams.set('cursor', page.nextPage);
          url = next.toString();
        }
      }
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

  /**
   * Push subscription for one reference. v2.2: POST {base}/v2/event-subscriptions (the standard's).
   * v3.0 leaves the registration of Event Consumers out of the standard: the portal asks at
   * POST {base}/v3/event-subscriptions with the same body (callbackUrl, secret, the reference);
   * the carrier then calls the v3 consumer endpoint POST {callbackUrl}/events. Returns the
   * carrier's subscription id (null when it gave none), or `refused` when it did not answer 200/201
   * (a v3 carrier without that registration is polled only).
   */
  async function subscribe(request: {
    codeType: PollRequest['codeType'];
    reference: string;
    callbackUrl: string;
    secret: string;
  }): Promise<{ refused: true } | { refused: false; carrierSubscriptionId: string | null }> {
    const res = await fetch(`${base}/${v3 ? 'v3' : 'v2'}/event-subscriptions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        callbackUrl: request.callbackUrl,
        secret: request.secret,
        [REFERENCE_PARAMETER[request.codeType]]: request.reference,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status !== 201 && res.status !== 200) return { refused: true };
    const body = (await res.json().catch(() => ({}))) as { subscriptionID?: unknown };
    return {
      refused: false,
      carrierSubscriptionId: typeof body.subscriptionID === 'string' ? body.subscriptionID : null,
    };
  }

  /** Cancels a subscription at the carrier (DELETE); errors and refusals are ignored. */
  async function unsubscribe(carrierSubscriptionId: string): Promise<void> {
    await fetch(
      `${base}/${v3 ? 'v3' : 'v2'}/event-subscriptions/${encodeURIComponent(carrierSubscriptionId)}`,
      {
        method: 'DELETE',
        headers: { 'API-Version': headers['API-Version'], ...authHeaders(options.credentials) },
        signal: AbortSignal.timeout(timeoutMs),
      },
    ).catch(() => undefined);
  }

  return { poll, subscribe, unsubscribe };
}

export type DcsaConnector = ReturnType<typeof createDcsaConnector>;
