// The integration calls (issue 20): company API keys and webhook endpoints with their delivery log.
import { api, type Paged } from '@portal/shared-api';

export type ApiKeyScope = 'read' | 'read_write';

export interface ApiKey {
  id: number;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  rate_limit_per_minute: number;
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabled_reason: 'failing' | 'manual' | null;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
  modified_at: string;
  created_by: string | null;
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: string;
  shipment_id: string | null;
  tracking_request_id: number | null;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  manual: boolean;
  created_at: string;
}

export const WEBHOOK_EVENT_TYPES = [
  'tracking_request.status_changed',
  'shipment.created',
  'shipment.milestone_actual_set',
  'shipment.eta_changed',
  'alert.raised',
] as const;

export const integrationsApi = {
  keys: () => api.get<ApiKey[]>('api-keys'),
  createKey: (body: { name: string; scope: ApiKeyScope }) =>
    api.post<ApiKey & { key: string }>('api-keys', body),
  revokeKey: (id: number) => api.delete<null>(`api-keys/${id}`),
  endpoints: () => api.get<WebhookEndpoint[]>('webhooks'),
  endpoint: (id: number) => api.get<WebhookEndpoint>(`webhooks/${id}`),
  createEndpoint: (body: { url: string; events: string[]; description?: string }) =>
    api.post<WebhookEndpoint>('webhooks', body),
  updateEndpoint: (
    id: number,
    body: Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'enabled'>>,
  ) => api.patch<WebhookEndpoint>(`webhooks/${id}`, body),
  removeEndpoint: (id: number) => api.delete<null>(`webhooks/${id}`),
  sendTest: (id: number) => api.post<{ event_id: string; delivery_id: string }>(`webhooks/${id}/test`),
  deliveries: (id: number, page: number) =>
    api.get<Paged<WebhookDelivery>>(`webhooks/${id}/deliveries`, {
      query: page > 1 ? { page: String(page) } : {},
    }),
  redeliver: (id: number, deliveryId: string) =>
    api.post<WebhookDelivery>(`webhooks/${id}/deliveries/${deliveryId}/redeliver`),
};
