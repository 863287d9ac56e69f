// The integration calls: company API keys and webhook endpoints with their delivery log.
// Types from the API's contract (its OpenAPI document).
import { api, type ApiAnswer, type ApiBody, type ApiListRow } from '@portal/shared-api';

/** A key as GET api-keys lists it (never the key itself). */
export type ApiKey = ApiAnswer<'/api/api-keys/'>[number];
export type ApiKeyScope = ApiKey['scope'];

export type ApiKeyStatus = ApiKey['status'];

/** A webhook endpoint as GET webhooks lists it; the secret only right after the call that answered it (create). */
export type WebhookEndpoint = ApiAnswer<'/api/webhooks/'>[number] &
  Partial<Pick<ApiAnswer<'/api/webhooks/', 'post'>, 'secret'>>;
type EndpointCreate = ApiBody<'/api/webhooks/'>;
type EndpointUpdate = ApiBody<'/api/webhooks/{id}/', 'patch'>;

export type WebhookDelivery = ApiListRow<'/api/webhooks/{id}/deliveries/'>;

export const integrationsApi = {
  keys: () => api.get<ApiKey[]>('api-keys'),
  createKey: (body: ApiBody<'/api/api-keys/'>) =>
    api.post<ApiAnswer<'/api/api-keys/', 'post'>>('api-keys', body),
  revokeKey: (id: number) => api.delete<null>(`api-keys/${id}`),
  updateKey: (id: number, body: ApiBody<'/api/api-keys/{id}/', 'patch'>) =>
    api.patch<ApiAnswer<'/api/api-keys/{id}/', 'patch'>>(`api-keys/${id}`, body),
  takeOverKey: (id: number) =>
    api.post<ApiAnswer<'/api/api-keys/{id}/take_over/', 'post'>>(`api-keys/${id}/take_over`),
  endpoints: () => api.get<WebhookEndpoint[]>('webhooks'),
  rotateSecret: (id: number) =>
    api.post<ApiAnswer<'/api/webhooks/{id}/rotate_secret/', 'post'>>(`webhooks/${id}/rotate_secret`, {}),
  createEndpoint: (body: EndpointCreate) => api.post<ApiAnswer<'/api/webhooks/', 'post'>>('webhooks', body),
  updateEndpoint: (id: number, body: EndpointUpdate) =>
    api.patch<ApiAnswer<'/api/webhooks/{id}/', 'patch'>>(`webhooks/${id}`, body),
  removeEndpoint: (id: number) => api.delete<null>(`webhooks/${id}`),
  sendTest: (id: number) => api.post<ApiAnswer<'/api/webhooks/{id}/test/', 'post'>>(`webhooks/${id}/test`),
  deliveries: (id: number, page: number) =>
    api.get<ApiAnswer<'/api/webhooks/{id}/deliveries/'>>(`webhooks/${id}/deliveries`, {
      query: page > 1 ? { page: String(page) } : {},
    }),
  redeliver: (id: number, deliveryId: string) =>
    api.post<ApiAnswer<'/api/webhooks/{id}/deliveries/{deliveryId}/redeliver/', 'post'>>(
      `webhooks/${id}/deliveries/${deliveryId}/redeliver`,
    ),
};
