// The developer page in both languages: every event of the catalogue with its body, the value lists from the
// domain, receivers in four languages, the management calls (including redelivery and secret rotation) and the
// link to the API reference.
import { render, screen, within } from '@testing-library/react';
import { MILESTONES, SHIPMENT_STATUS_TEXTS, TRACKING_REQUEST_STATUSES } from '@portal/shared-api/domain';
import { DeveloperGuide, DEV_TEST_IDS } from './DeveloperGuide';
import { CATALOGUE_TYPES } from './examples';

describe.each(['en', 'es'] as const)('the developer guide in %s', (lang) => {
  beforeEach(() => {
    render(<DeveloperGuide lang={lang} apiBase="https://portal.example.com/api" />);
  });

  it('has one title and the API reference link', () => {
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId(DEV_TEST_IDS.reference).getAttribute('href')).toBe('/api/docs');
  });

  it('shows every event with a full example body', () => {
    for (const type of CATALOGUE_TYPES) {
      const section = screen.getByTestId(DEV_TEST_IDS.event(type));
      const body = JSON.parse(section.querySelector('pre')!.textContent);
      expect(body.type).toBe(type);
      expect(body).toHaveProperty('id');
      expect(body).toHaveProperty('data');
    }
  });

  it('prints the value lists the API uses', () => {
    const text = (list: string) => screen.getByTestId(DEV_TEST_IDS.values(list)).textContent;
    expect(text('milestones')).toBe(MILESTONES.join(', '));
    expect(text('shipmentStatuses')).toBe(SHIPMENT_STATUS_TEXTS.join(', '));
    expect(text('requestStatuses')).toBe(TRACKING_REQUEST_STATUSES.join(', '));
  });

  it('fills in the API address, says where carrier_id comes from and how to manage webhooks', () => {
    const code = [...document.querySelectorAll('pre')].map((p) => p.textContent).join('\n');
    expect(code).toContain('API=https://portal.example.com/api');
    expect(code).toContain('/carriers/?search=');
    for (const call of [
      '-X PATCH $API/webhooks/7/',
      '-X DELETE $API/webhooks/7/',
      '/redeliver/',
      '/rotate_secret/',
    ])
      expect(code).toContain(call);
    for (const name of ['Node.js', 'Python', 'PHP', 'C#'])
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    const replay = screen.getByRole('complementary');
    expect(within(replay).getByText(/shipment\.milestone_actual_set/)).toBeTruthy();
  });
});
