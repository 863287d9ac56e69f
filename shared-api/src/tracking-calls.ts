// Typed calls for tracking requests, their shipments, the bulk upload and the lists the request form needs
// (spec section 7).
import { apiPath, type ApiPath } from './client';
import { allPages as allDocumentPages, client } from './typed-client';
import { getApiConfig } from './config';
import { api } from './http';
import type { ApiAnswer, ApiBody, ApiListRow } from './contract';
import { answerFailure, connectionFailure, parseBody } from './failures';
import { buildUrl, type Query } from './query';
import type { TransitionStatus } from './domain';
import { sessionStore } from './session';
import type { Carrier, Id, IsoDate, Paged, Project, Shipment, TrackingRequest } from './types';

/** Shipment health counts of a request, by the caller's thresholds. */
export type ShipmentsHealthCounts = TrackingRequest['shipments_health'];

/** A note the tracking engine left on a request (e.g. why it is invalid). */
export type TrackingRequestWarning = TrackingRequest['warnings'][number];

/** A tracking request as the API answers it (the contract type; kept under this name for its callers). */
export type TrackingRequestRecord = TrackingRequest;

/** Body of `POST tracking-requests/`; carrier and project travel as ids (spec section 3). */
export type TrackingRequestCreate = ApiBody<'/api/tracking-requests/'>;

/** The fields `PATCH tracking-requests/{id}/` changes (one at a time). */
export type TrackingRequestPatch =
  | { project_id: Id | null }
  | { client_code: string }
  | { contractual_eta_pod: IsoDate | null }
  | { contractual_eta_dlv: IsoDate | null };

/** The statuses a user may ask for (spec section 4). */
export type { TransitionStatus } from './domain';

export type CodeTypeOption = ApiListRow<'/api/code-types/'>;

/** `GET tracking-requests/` filters (arrays repeat the key), page and ordering. */
export type TrackingRequestQuery = Query;

const BULK_UPLOAD = apiPath('/api/upload/bulk-import-tracking-requests/bulk' satisfies ApiPath<'put'>);
export const BULK_UPLOAD_PATH = BULK_UPLOAD.path;
export const BULK_TEMPLATE_PATH = apiPath(
  '/api/upload/bulk-import-tracking-requests/template' satisfies ApiPath<'get'>,
).path;

export const trackingRequestsApi = {
  list: (query: TrackingRequestQuery, signal?: AbortSignal): Promise<Paged<TrackingRequestRecord>> =>
    client.get('/api/tracking-requests/', { query, signal }),
  get: (id: Id, signal?: AbortSignal): Promise<TrackingRequestRecord> =>
    client.get('/api/tracking-requests/{id}/', { params: { id }, signal }),
  create: (data: TrackingRequestCreate): Promise<TrackingRequestRecord> =>
    client.post('/api/tracking-requests/', { json: data }),
  patch: (id: Id, patch: TrackingRequestPatch): Promise<TrackingRequestRecord> =>
    client.patch('/api/tracking-requests/{id}/', { params: { id }, json: patch }),
  setClientCode: (id: Id, clientCode: string) =>
    client.post('/api/tracking-requests/{id}/set_client_code/', {
      params: { id },
      json: { client_code: clientCode },
    }),
  transition: (id: Id, status: TransitionStatus) =>
    client.post('/api/tracking-requests/{id}/transition/', { params: { id }, json: { status } }),
  retry: (id: Id) => client.post('/api/tracking-requests/{id}/retry/', { params: { id } }),
  shipments: (
    id: Id,
    query: { page?: number; exclude_hidden?: boolean },
    signal?: AbortSignal,
  ): Promise<Paged<Shipment>> =>
    client.get('/api/tracking-requests/{id}/shipments/', {
      params: { id },
      query: {
        page: query.page && query.page > 1 ? query.page : undefined,
        exclude_hidden: query.exclude_hidden,
      },
      signal,
    }),
};

/**
 * Every page of a paged list at `path` (relative to the API base, e.g. 'event-codes'); reference and company
 * lists are short, so it stops after `maxPages` × 30 rows. Remotes built against earlier versions call it, so it
 * keeps this untyped form; new code uses `allPages` of `@portal/shared-api/client`, typed by the document.
 */
export async function allPages<T>(
  path: string,
  query: Record<string, string> = {},
  maxPages = 40,
): Promise<T[]> {
  const results: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await api.get<Paged<T> | T[]>(path, {
      query: page > 1 ? { ...query, page: String(page) } : query,
    });
    if (Array.isArray(answer)) return answer;
    results.push(...answer.results);
    if (!answer.next) break;
  }
  return results;
}

/** The lists the request form and the tracking list filters need. */
export const trackingLookupsApi = {
  carriers: (): Promise<Carrier[]> => allDocumentPages('/api/carriers/'),
  projects: (): Promise<Project[]> => allDocumentPages('/api/projects/'),
  codeTypes: (): Promise<CodeTypeOption[]> => allDocumentPages('/api/code-types/'),
};

/** Shipment hide/show, as the request detail uses them (4 s notices). */
export const trackingShipmentsApi = {
  hide: (id: Id): Promise<unknown> => client.post('/api/shipments/{id}/hide/', { params: { id } }),
  show: (id: Id): Promise<unknown> => client.post('/api/shipments/{id}/show/', { params: { id } }),
};

/** What a successful bulk upload answers. */
export type BulkUploadResult = ApiAnswer<'/api/upload/bulk-import-tracking-requests/bulk', 'put'>;

/**
 * Sends the first file to `PUT upload/bulk-import-tracking-requests/bulk` (no trailing slash) as multipart,
 * reporting upload progress (0..1). Uses XMLHttpRequest because fetch has no upload progress over HTTP/1.1.
 * Failures throw ApiError with the parsed body (the per-row errors).
 */
export function uploadBulkTrackingRequests(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<BulkUploadResult> {
  const config = getApiConfig();
  const url = buildUrl(config.baseUrl, BULK_UPLOAD.path, BULK_UPLOAD.appendSlash && config.appendSlash);
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    const token = sessionStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.timeout = Math.max(config.timeout, 120_000);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.setRequestHeader('Accept-Language', config.language());
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve((body ?? {}) as BulkUploadResult);
      else reject(answerFailure(xhr.status, body));
    };
    xhr.onerror = () => reject(connectionFailure('network'));
    xhr.ontimeout = () => reject(connectionFailure('timeout'));
    xhr.send(form);
  });
}

/** Downloads the bulk template (a static spreadsheet). */
export function downloadBulkTemplate(): Promise<void> {
  return client.download(
    '/api/upload/bulk-import-tracking-requests/template',
    {},
    'bulk-import-tracking-requests-template.xlsx',
  );
}

/** Downloads the filtered list (`GET tracking-requests/export/`) with the given columns, as XLSX. */
export function exportTrackingRequests(query: TrackingRequestQuery, columns: string[]): Promise<void> {
  const { page: _page, ...filters } = query;
  return client.download(
    '/api/tracking-requests/export/',
    { query: { ...filters, columns } },
    'tracking-requests.xlsx',
  );
}

/** One bad row of a refused bulk file, as the portal lists it. */
export interface BulkRowError {
  row: number | null;
  messages: string[];
}

function messagesOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([field, v]) =>
      messagesOf(v).map((m) => (field === 'non_field_errors' || field === 'detail' ? m : `${field}: ${m}`)),
    );
  }
  // A JSON body leaves only numbers and booleans here (strings, objects and arrays are handled above).
  return typeof value === 'number' || typeof value === 'boolean' ? [String(value)] : [];
}

/**
 * The per-row errors of a refused bulk file. The API answers `{non_field_errors: [summary], "row N": [messages]}`;
 * a list of rows (`{row|line, errors|messages|message}`) under `rows` or `errors` is read too.
 */
export function bulkRowErrors(body: unknown): BulkRowError[] {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const keyed = Object.entries(body as Record<string, unknown>)
      .map(([key, value]) => ({ match: /^row\s*(\d+)$/i.exec(key), value }))
      .filter((entry) => entry.match !== null)
      .map((entry) => ({ row: Number(entry.match![1]), messages: messagesOf(entry.value) }))
      .sort((a, b) => a.row - b.row);
    if (keyed.length > 0) return keyed;
  }
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as Record<string, unknown>).rows ?? (body as Record<string, unknown>).errors)
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    if (!item || typeof item !== 'object') return { row: null, messages: messagesOf(item) };
    const { row, line, errors, messages, message, ...rest } = item as Record<string, unknown>;
    const rowNumber = typeof row === 'number' ? row : typeof line === 'number' ? line : null;
    const found = [...messagesOf(errors), ...messagesOf(messages), ...messagesOf(message)];
    return { row: rowNumber, messages: found.length > 0 ? found : messagesOf(rest) };
  });
}
