// Typed calls for shipments, their alert events, the dashboard counts, carriers and event codes (spec section 7).
import type { ApiAnswer, ApiBody } from './contract';
import { api } from './http';
import type { Query } from './query';
import type {
  AlertEvent,
  Carrier,
  DashboardStats,
  EventCode,
  Id,
  Paged,
  Shipment,
  ShipmentDetail,
} from './types';

/** Query of `GET shipments/` (and, for its subset, `GET shipments/coordinates/`): arrays repeat the key. */
export type ShipmentQuery = Query;

/** `GET shipments/coordinates/`: one object per point, or (format=compact) one array per column. */
export type ShipmentCoordinates = ApiAnswer<'/api/shipments/coordinates/'>;
/** One point of `GET shipments/coordinates/`. */
export type ShipmentPoint = Extract<ShipmentCoordinates, unknown[]>[number];

/** The fields `PATCH shipments/{id}/` accepts (one field and value). */
export type ShipmentPatch = { client_code: string } | { project: Id | null } | { hide: boolean };

/** What `POST shipments/{id}/attachment/` saves: the custom form's schema (null: the company's) and its data. */
export type ShipmentAttachment = ApiBody<'/api/shipments/{id}/attachment/'>;
/** Its answer: whether anything changed, and the form in force with its data. */
export type ShipmentAttachmentAnswer = ApiAnswer<'/api/shipments/{id}/attachment/', 'post'>;

export const shipmentsApi = {
  list: (query: ShipmentQuery, signal?: AbortSignal) =>
    api.get<Paged<Shipment>>('shipments', { query, signal }),
  get: (id: Id, signal?: AbortSignal) => api.get<ShipmentDetail>(`shipments/${id}`, { signal }),
  patch: (id: Id, patch: ShipmentPatch) => api.patch<ShipmentDetail>(`shipments/${id}`, patch),
  coordinates: (query: ShipmentQuery, signal?: AbortSignal) =>
    api.get<ShipmentCoordinates>('shipments/coordinates', { query, signal }),
  stats: (signal?: AbortSignal) => api.get<DashboardStats>('shipments/stats', { signal }),
  alertEvents: (id: Id, signal?: AbortSignal) =>
    api.get<AlertEvent[]>(`shipments/${id}/alert_events`, { signal }),
  hide: (id: Id) => api.post<unknown>(`shipments/${id}/hide`),
  show: (id: Id) => api.post<unknown>(`shipments/${id}/show`),
  hideAllEvents: (id: Id) => api.post<unknown>(`shipments/${id}/hide_all_events`),
  unhideAllEvents: (id: Id) => api.post<unknown>(`shipments/${id}/unhide_all_events`),
  saveAttachment: (id: Id, data: ShipmentAttachment) =>
    api.post<ShipmentAttachmentAnswer>(`shipments/${id}/attachment`, data),
};

export const eventsApi = {
  hide: (id: Id) => api.post<unknown>(`events/${id}/hide`),
  unhide: (id: Id) => api.post<unknown>(`events/${id}/unhide`),
};

/** A list answer that may be paged or a plain array. */
export function resultsOf<T>(answer: T[] | Paged<T> | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : answer.results;
}

export const carriersApi = {
  list: () => api.get<Carrier[] | Paged<Carrier>>('carriers'),
};

export const eventCodesApi = {
  list: () => api.get<EventCode[] | Paged<EventCode>>('event-codes'),
  get: (id: Id) => api.get<EventCode>(`event-codes/${id}`),
};
