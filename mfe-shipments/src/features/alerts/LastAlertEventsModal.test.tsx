import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import {
  eventsApi,
  sessionStore,
  shipmentsApi,
  type AlertEvent,
  type Shipment,
  type User,
} from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import { LastAlertEventsModal } from './LastAlertEventsModal';

const user = { id: 1, username: 'demo', userprofile: { id: 1, role: 1 } } as unknown as User;
const shipment = { id: 7 } as unknown as Shipment;
const event = (id: number, hidden: boolean) =>
  ({
    id,
    code: 906,
    hidden,
    walltime: '2026-11-20T10:00:00Z',
    details: { message: `event ${id}` },
    code_description: 'Alert',
    code_description_es: 'Alerta',
  }) as unknown as AlertEvent;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
  sessionStore.getState().setUser(user);
});

afterEach(() => jest.restoreAllMocks());

describe('Last Alert Events', () => {
  it('a read that started before a hide was saved does not put the old state back', async () => {
    // the server: event 1 is hidden only once the slow hide call has been answered
    let saved = false;
    let answerHide: () => void = () => undefined;
    jest
      .spyOn(shipmentsApi, 'alertEvents')
      .mockImplementation(() => Promise.resolve([event(1, saved), event(2, false)]));
    jest.spyOn(eventsApi, 'hide').mockImplementation(
      () =>
        new Promise((resolve) => {
          answerHide = () => {
            saved = true;
            resolve(null);
          };
        }),
    );
    const client = createQueryClient();
    const open = () =>
      render(
        <QueryProvider client={client}>
          <LastAlertEventsModal
            shipment={shipment}
            writable
            onClose={() => undefined}
            onChanged={() => undefined}
          />
        </QueryProvider>,
      );

    const first = open();
    const boxes = () => screen.getAllByTestId<HTMLInputElement>('alert-hidden-checkbox');
    await waitFor(() => expect(boxes()).toHaveLength(2));
    expect(boxes()[0]).not.toBeChecked();
    fireEvent.click(boxes()[0]);
    await waitFor(() => expect(boxes()[0]).toBeChecked());

    // closed and opened again while the hide is still on its way: the new window reads the old state
    first.unmount();
    open();
    await waitFor(() => expect(shipmentsApi.alertEvents).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(boxes()).toHaveLength(2));

    // the hide is answered: the window ends on what the server holds, the event hidden
    act(() => answerHide());
    await waitFor(() => expect(boxes()[0]).toBeChecked());
    expect(boxes()[1]).not.toBeChecked();
  });
});
