// The team and project user pickers: Enter adds the one user the text matches, or the user it names exactly;
// when it names several, the choices are shown and the first gets focus. Enter never does nothing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { UserSummary } from '@portal/shared-api';
import { createTestI18n } from '@portal/shared-ui/testing';
import { NS, resources } from '../../i18n';
import { UserPicker } from './UserPicker';

const user = (id: number, username: string, first_name = '', last_name = ''): UserSummary => ({
  id,
  username,
  first_name,
  last_name,
  email: `${username}@example.com`,
});

const USERS = [user(1, 'demo', 'Demo', 'Manager'), user(2, 'demo2', 'Ana', 'Demo'), user(3, 'viewer')];

function setup(exclude: number[] = []) {
  const i18n = createTestI18n('en');
  for (const l of ['en', 'es'] as const) i18n.addResourceBundle(l, NS, resources[l]);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const onPick = jest.fn();
  render(<UserPicker users={USERS} exclude={exclude} onPick={onPick} label="Add member" testId="picker" />, {
    wrapper: Wrapper,
  });
  return { onPick, input: screen.getByTestId('picker'), ui: userEvent.setup() };
}

it('adds the user the text names exactly although it matches others too', async () => {
  const { onPick, input, ui } = setup();
  await ui.type(input, 'DEMO{Enter}');
  expect(onPick).toHaveBeenCalledWith(USERS[0]);
  expect((input as HTMLInputElement).value).toBe('');
});

it('adds the only match', async () => {
  const { onPick, input, ui } = setup();
  await ui.type(input, 'view{Enter}');
  expect(onPick).toHaveBeenCalledWith(USERS[2]);
});

it('shows the choices, focused on the first, when the text matches several and names none', async () => {
  const { onPick, input, ui } = setup();
  await ui.type(input, 'dem');
  await ui.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).toBeNull();
  await ui.keyboard('{Enter}');
  expect(onPick).not.toHaveBeenCalled();
  const options = await screen.findAllByRole('option');
  expect(options).toHaveLength(2);
  const first = screen.getByRole('button', { name: /Demo Manager \(demo\)/ });
  await screen.findByRole('listbox');
  await new Promise((r) => requestAnimationFrame(r));
  expect(document.activeElement).toBe(first);
  await ui.keyboard('{ArrowDown}{Enter}');
  expect(onPick).toHaveBeenCalledWith(USERS[1]);
});
