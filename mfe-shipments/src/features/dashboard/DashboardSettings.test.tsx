import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { sessionStore, type User } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import { DashboardSettings } from './DashboardSettings';

const user = {
  id: 1,
  username: 'demo',
  userprofile: { id: 1, role: 1, days_of_delay: 3, days_in_advance: -2, attention_required_event_codes: [] },
} as unknown as User;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
  sessionStore.getState().setUser(user);
});

/** The settings save through a mutation: each test gets a client of its own. */
const renderWithClient = (ui: ReactElement) =>
  render(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>);

function open() {
  renderWithClient(<DashboardSettings kind="delayed" eventCodes={[]} onSaved={() => undefined} />);
  fireEvent.click(screen.getByTestId('dashboard-settings-delayed'));
  return {
    delay: screen.getByLabelText<HTMLInputElement>('Days of delay'),
    advance: screen.getByLabelText<HTMLInputElement>('Days in advance'),
    save: screen.getByTestId('dashboard-settings-save'),
  };
}

describe('dashboard out-of-date settings', () => {
  it('refuses a negative days of delay with a message instead of saving it as positive', () => {
    const { delay, save } = open();
    expect(delay).toHaveValue('3');
    fireEvent.change(delay, { target: { value: '' } });
    fireEvent.change(delay, { target: { value: '-' } });
    fireEvent.change(delay, { target: { value: '-2' } });
    expect(delay).toHaveValue('-2');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum is 1.');
    expect(save).toBeDisabled();
    fireEvent.change(delay, { target: { value: '2' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('keeps days in advance negative: -4 typed key by key stays -4', () => {
    const { advance, save } = open();
    expect(advance).toHaveValue('-2');
    fireEvent.change(advance, { target: { value: '' } });
    fireEvent.change(advance, { target: { value: '-' } });
    expect(save).toBeDisabled();
    fireEvent.change(advance, { target: { value: '-4' } });
    fireEvent.blur(advance);
    expect(advance).toHaveValue('-4');
    expect(save).toBeEnabled();
    fireEvent.change(advance, { target: { value: '5' } });
    fireEvent.blur(advance);
    expect(advance).toHaveValue('-5');
  });
});

describe('dashboard attention-required settings', () => {
  const codes = [
    {
      code: 902,
      description: 'ETA at POD moved by {days} days',
      description_es: 'ETA en POD movida {days} días',
    },
    {
      code: 906,
      description: 'No carrier update for {days} days',
      description_es: 'Sin actualización de la naviera en {days} días',
    },
  ] as never[];

  it.each(['en', 'es'])('shows no raw {days} placeholder in the code picker (%s)', async (lng) => {
    await act(() => i18next.changeLanguage(lng));
    renderWithClient(<DashboardSettings kind="alerted" eventCodes={codes} onSaved={() => undefined} />);
    fireEvent.click(screen.getByTestId('dashboard-settings-alerted'));
    const picker = screen.getByTestId('attention-codes');
    expect(picker).not.toHaveTextContent('{days}');
    expect(picker).toHaveTextContent(
      lng === 'es' ? '906 · Sin actualización de la naviera en N días' : '906 · No carrier update for N days',
    );
    await act(() => i18next.changeLanguage('en'));
  });

  it.each([
    ['en', 'Portal alerts', 'Vessel arrivals and departures'],
    ['es', 'Alertas del portal', 'Llegadas y salidas del buque'],
  ])('groups the codes under a named heading per category (%s)', async (lng, alerts, transport) => {
    await act(() => i18next.changeLanguage(lng));
    const withCategories = [
      {
        code: 201,
        description: 'Vessel arrival',
        description_es: 'Llegada del buque',
        category: 'transport',
      },
      { code: 904, description: 'Vessel change', description_es: 'Cambio de buque', category: 'alert' },
    ] as never[];
    renderWithClient(
      <DashboardSettings kind="alerted" eventCodes={withCategories} onSaved={() => undefined} />,
    );
    fireEvent.click(screen.getByTestId('dashboard-settings-alerted'));
    const alertGroup = screen.getByRole('group', { name: alerts });
    expect(alertGroup).toHaveTextContent('904');
    expect(alertGroup).not.toHaveTextContent('201');
    expect(screen.getByRole('group', { name: transport })).toHaveTextContent('201');
    await act(() => i18next.changeLanguage('en'));
  });
});
