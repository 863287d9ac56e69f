// DCSA Track & Trace v2.2 connector: polls GET /v2/events for one reference, following cursor
// paging, incrementally (eventCreatedDateTime:gte), with a timeout per request. Every event is
// validated; the valid ones and the rejected ones (with reasons) are returned separately.
import type { DcsaCredentials } from '../../db/types';
import { REFERENCE_PARAMETER, type CodeType, type DcsaEvent } from './types';
import { validateEvent } from './validate';

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
): Promise<{ status: number; body: unknown; nextPage: string | null }> {
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
  if (res.status === 404) return { status: 404, body: null, nextPage: null };
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
  };
}

export function createDcsaConnector(options: ConnectorOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pageLimit = options.pageLimit ?? 100;
  const maxPages = options.maxPages ?? 500;
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = {
    accept: 'application/json',
    'API-Version': DCSA_API_MAJOR,
    ...authHeaders(options.credentials),
  };

  async function poll(request: PollRequest): Promise<PollResult> {
    const first = new URL(`${base}/v2/events`);
    first.searchParams.set(REFERENCE_PARAMETER[request.codeType], request.reference);
    first.searchParams.set('limit', String(pageLimit));
    if (request.since) first.searchParams.set('eventCreatedDateTime:gte', request.since);

    const result: PollResult = { notFound: false, events: [], rejected: [], pages: 0, lastCreatedAt: null };
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
      if (!Array.isArray(page.body))
        throw new ConnectorError('malformed', `${url} did not answer a list of events`);
      for (const raw of page.body) {
        const checked = validateEvent(raw);
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
      if (page.nextPage && page.body.length > 0) {
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
    if (!request.since && result.pages === 1 && result.events.length === 0 && result.rejected.length === 0) {
      result.notFound = true;
    }
    return result;
  }

  return { poll };
}

export type DcsaConnector = ReturnType<typeof createDcsaConnector>;
