import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import { rejectedApi, type RejectedEvent } from '../../lib/rejected-api';
import { RejectedEvents } from './RejectedEvents';

// The engine's new kinds of refusal: each row shows its kind and what happened, in English and Spanish,
// and opens to the engine's reason.
const row = (id: number, kind: RejectedEvent['kind'], reason: string): RejectedEvent =>
  ({
    id,
    received_at: '2026-11-27T10:00:00Z',
    kind,
    source: 'push',
    reasons: [reason],
    carrier: { id: 1, short_name: 'Maersk', scac: 'MAEU' },
    tracking_request: { id: 7, code_type: 'b_id', code_value: 'BKG123456', company: { id: 1, name: 'Acme' } },
    event_id: `evt-${id}`,
    event_type: 'TRANSPORT',
    event_created: null,
    payload: { eventID: `evt-${id}` },
    payload_truncated: false,
  }) as unknown as RejectedEvent;

const ROWS = [
  row(1, 'schema', '/eventClassification/eventClassifierCode: must be one of PLN, EST, ACT'),
  row(2, 'other_shipment', '(event): names BKG OTHER1, not the requested booking BKG123456'),
  row(3, 'retraction_refused', '/eventID: the retraction of evt-3 is refused'),
];

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(() => {
  jest.spyOn(rejectedApi, 'list').mockResolvedValue({
    count: ROWS.length,
    next: null,
    previous: null,
    results: ROWS,
    kind_counts: {
      invalid: 0,
      schema: 1,
      unstorable: 0,
      irrelevant: 0,
      other_shipment: 1,
      clamped: 0,
      retracted: 0,
      retraction_refused: 1,
    },
  });
});
afterEach(() => jest.restoreAllMocks());

const show = () =>
  render(
    <QueryProvider client={createQueryClient()}>
      <RejectedEvents carriers={[]} />
    </QueryProvider>,
  );

it.each([
  [
    'en',
    ['Refused by the v3.0 schema', 'Another shipment', 'Retraction refused'],
    'Names another booking or B/L than the request: it belongs to another shipment, even for the same container',
  ],
  [
    'es',
    ['Rechazado por el esquema 3.0', 'Otro envío', 'Retirada rechazada'],
    'Menciona otra reserva u otro B/L que los de la solicitud: pertenece a otro envío, aunque el contenedor sea el mismo',
  ],
])('shows the new kinds of refusal with what happened (%s)', async (lng, labels, help) => {
  await act(() => i18next.changeLanguage(lng));
  show();
  await screen.findByText(help);
  const table = screen.getByRole('table');
  for (const label of labels) expect(within(table).getByText(label)).toBeInTheDocument();
  expect(within(table).getByText(help)).toBeInTheDocument();
  // The kind filter offers them with their counts.
  expect(screen.getByRole('option', { name: `${labels[2]} (1)` })).toBeInTheDocument();
});
