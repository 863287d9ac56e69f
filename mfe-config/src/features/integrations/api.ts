// The integration calls: company API keys and webhook endpoints with their delivery log.
// Types from the API's contract (its OpenAPI document).
import { type ApiAnswer, type ApiBody, type ApiListRow } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

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
  keys: (): Promise<ApiKey[]> => client.get('/api/api-keys/'),
  createKey: (body: ApiBody<'/api/api-keys/'>) => client.post('/api/api-keys/', { json: body }),
  revokeKey: (id: number) => client.delete('/api/api-keys/{id}/', { params: { id } }),
  updateKey: (id: number, body: ApiBody<'/api/api-keys/{id}/', 'patch'>) =>
    client.patch('/api/api-keys/{id}/', { params: { id }, json: body }),
  takeOverKey: (id: number) => client.post('/api/api-keys/{id}/take_over/', { params: { id } }),
  endpoints: (): Promise<WebhookEndpoint[]> => client.get('/api/webhooks/'),
  rotateSecret: (id: number) =>
    client.post('/api/webhooks/{id}/rotate_secret/', { params: { id }, json: {} }),
  createEndpoint: (body: EndpointCreate) => client.post('/api/webhooks/', { json: body }),
  updateEndpoint: (id: number, body: EndpointUpdate) =>
    client.patch('/api/webhooks/{id}/', { params: { id }, json: body }),
  removeEndpoint: (id: number) => client.delete('/api/webhooks/{id}/', { params: { id } }),
  sendTest: (id: number) => client.post('/api/webhooks/{id}/test/', { params: { id } }),
  deliveries: (id: number, page: number) =>
    client.get('/api/webhooks/{id}/deliveries/', {
      params: { id },
      query: page > 1 ? { page: String(page) } : {},
    }),
  redeliver: (id: number, deliveryId: string) =>
    client.post('/api/webhooks/{id}/deliveries/{deliveryId}/redeliver/', { params: { id, deliveryId } }),
};
