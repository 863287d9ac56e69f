import type { WebhookEndpoint } from './api';
import { replaceEndpoint, rotatedEndpoint, toggleEvent } from './webhook-rules';

const endpoint = (id: number, over: Partial<WebhookEndpoint> = {}) =>
  ({
    id,
    url: `https://x/${id}`,
    enabled: true,
    previous_secret_expires_at: null,
    ...over,
  }) as WebhookEndpoint;

describe('webhook rules', () => {
  it('adds an event type once and removes it', () => {
    const created = 'shipment.created';
    const status = 'tracking_request.status_changed';
    const eta = 'shipment.eta_changed';
    expect(toggleEvent([created], created, true)).toEqual([created]);
    expect(toggleEvent([created, status], eta, true)).toEqual([created, status, eta]);
    expect(toggleEvent([created, status], created, false)).toEqual([status]);
  });

  it('puts a changed endpoint in its place without its secret', () => {
    const list = [endpoint(1), endpoint(2)];
    const changed = endpoint(2, { enabled: false, secret: 'whsec_x' });
    expect(replaceEndpoint(list, changed)).toEqual([endpoint(1), { ...changed, secret: undefined }]);
  });

  it('a rotated endpoint records when, and until when the previous secret signs', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(rotatedEndpoint(endpoint(3, { secret: 's' }), '2026-05-02T10:00:00Z', now)).toMatchObject({
      id: 3,
      secret: undefined,
      secret_rotated_at: '2026-05-01T10:00:00.000Z',
      previous_secret_expires_at: '2026-05-02T10:00:00Z',
    });
  });
});
