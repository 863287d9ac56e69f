// Typed calls for shipments, their alert events, the dashboard counts, carriers and event codes (spec section 7).
import type { ApiAnswer, ApiBody } from './contract';
import { client } from './typed-client';
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
  list: (query: ShipmentQuery, signal?: AbortSignal): Promise<Paged<Shipment>> =>
    client.get('/api/shipments/', { query, signal }),
  get: (id: Id, signal?: AbortSignal): Promise<ShipmentDetail> =>
    client.get('/api/shipments/{id}/', { params: { id }, signal }),
  patch: (id: Id, patch: ShipmentPatch): Promise<ShipmentDetail> =>
    client.patch('/api/shipments/{id}/', { params: { id }, json: patch }),
  coordinates: (query: ShipmentQuery, signal?: AbortSignal): Promise<ShipmentCoordinates> =>
    client.get('/api/shipments/coordinates/', { query, signal }),
  stats: (signal?: AbortSignal): Promise<DashboardStats> => client.get('/api/shipments/stats/', { signal }),
  alertEvents: (id: Id, signal?: AbortSignal): Promise<AlertEvent[]> =>
    client.get('/api/shipments/{id}/alert_events/', { params: { id }, signal }),
  hide: (id: Id): Promise<unknown> => client.post('/api/shipments/{id}/hide/', { params: { id } }),
  show: (id: Id): Promise<unknown> => client.post('/api/shipments/{id}/show/', { params: { id } }),
  hideAllEvents: (id: Id): Promise<unknown> =>
    client.post('/api/shipments/{id}/hide_all_events/', { params: { id } }),
  unhideAllEvents: (id: Id): Promise<unknown> =>
    client.post('/api/shipments/{id}/unhide_all_events/', { params: { id } }),
  saveAttachment: (id: Id, data: ShipmentAttachment): Promise<ShipmentAttachmentAnswer> =>
    client.post('/api/shipments/{id}/attachment/', { params: { id }, json: data }),
};

export const eventsApi = {
  hide: (id: Id): Promise<unknown> => client.post('/api/events/{id}/hide/', { params: { id } }),
  unhide: (id: Id): Promise<unknown> => client.post('/api/events/{id}/unhide/', { params: { id } }),
};

/** A list answer that may be paged or a plain array. */
export function resultsOf<T>(answer: T[] | Paged<T> | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : answer.results;
}

export const carriersApi = {
  list: (): Promise<Carrier[] | Paged<Carrier>> => client.get('/api/carriers/'),
};

export const eventCodesApi = {
  list: (): Promise<EventCode[] | Paged<EventCode>> => client.get('/api/event-codes/'),
  get: (id: Id): Promise<EventCode> => client.get('/api/event-codes/{id}/', { params: { id } }),
};
