// The public tracking page: the forwarder, container, ports, status and milestones of the link's answer, asked
// without the session's token in the visitor's language; the branded page for a link that is gone; the robots
// meta while shown.
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { sessionStore } from '@portal/shared-api';
import { initI18n } from '@portal/shared-ui';
import { renderPageAt } from '@portal/shared-ui/testing';
import '../../i18n';
import type { PublicTracking } from './api';
import { SharedTrackingPage } from './SharedTrackingPage';

const TOKEN = 'b'.repeat(43);
const VIEW: PublicTracking = {
  forwarder: 'Acme Forwarding',
  containers: ['MSCU1234565'],
  carrier: { name: 'Maersk', scac: 'MAEU' },
  pol: { name: 'Valencia', locode: 'ESVLC' },
  pod: { name: 'Shanghai', locode: 'CNSHA' },
  transshipments: [],
  route: [],
  status: 'ocean transport to POD',
  status_label: 'Ocean transport to POD',
  eta: '2026-12-07T10:00:00Z',
  arrived: false,
  milestones: [
    {
      milestone: 'pol_vessel_departure',
      label: 'Vessel departed',
      place: { name: 'Valencia', locode: 'ESVLC' },
      date: '2026-11-18T10:00:00Z',
      actual: true,
    },
  ],
  lang: 'en',
};

let fetchMock: jest.Mock;

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  await act(() => i18next.changeLanguage('en'));
  sessionStore.getState().setToken('session-token');
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});

const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValue({ ok: status < 400, status, json: () => Promise.resolve(body) });

const renderAt = () => renderPageAt(`/t/${TOKEN}`, '/t/:token', <SharedTrackingPage />);

describe('the shared tracking page', () => {
  it('shows the link’s shipment, asked without the session in the visitor’s language', async () => {
    answer(200, VIEW);
    renderAt();
    expect(await screen.findByTestId('shared-title')).toHaveTextContent('Shared by Acme Forwarding');
    expect(screen.getByTestId('shared-containers')).toHaveTextContent('MSCU1234565');
    expect(screen.getByTestId('shared-pod')).toHaveTextContent('Shanghai (CNSHA)');
    expect(screen.getByTestId('shared-status')).toHaveTextContent('Ocean transport to POD');
    expect(screen.getByTestId('shared-milestones')).toHaveTextContent('Vessel departed');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/public/tracking/${TOKEN}/?lang=en`);
    expect(init.credentials).toBe('omit');
    expect(JSON.stringify(init.headers)).not.toContain('session-token');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('shows the branded gone page in Spanish for a link that is gone', async () => {
    await act(() => i18next.changeLanguage('es'));
    answer(404, { detail: 'x' });
    const { unmount } = renderAt();
    expect(await screen.findByTestId('shared-gone')).toHaveTextContent(
      'Este enlace ha caducado o se ha revocado',
    );
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/public/tracking/${TOKEN}/?lang=es`);
    unmount();
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toBeNull());
  });
});
