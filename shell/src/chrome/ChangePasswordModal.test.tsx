import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authApi } from '@portal/shared-api';
import { useNotifications } from '@portal/shared-ui';
import { renderWithShell } from '../test-utils/render-shell';
import { ChangePasswordModal } from './ChangePasswordModal';

describe('ChangePasswordModal', () => {
  let changePassword: jest.SpiedFunction<typeof authApi.changePassword>;
  const onClose = jest.fn();

  beforeEach(() => {
    changePassword = jest.spyOn(authApi, 'changePassword');
    onClose.mockReset();
    useNotifications.getState().clear();
  });
  afterEach(() => changePassword.mockRestore());

  async function fill(old: string, next: string, repeat: string) {
    const user = userEvent.setup();
    if (old) await user.type(screen.getByTestId('change-pass-old'), old);
    if (next) await user.type(screen.getByTestId('change-pass-new'), next);
    if (repeat) await user.type(screen.getByTestId('change-pass-repeat'), repeat);
    await user.click(screen.getByTestId('change-pass-submit'));
  }

  it('has the three password fields', () => {
    renderWithShell(<ChangePasswordModal open onClose={onClose} />);
    expect(screen.getByLabelText('Old password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Repeat new password')).toHaveAttribute('type', 'password');
  });

  it('requires all three fields before sending', async () => {
    renderWithShell(<ChangePasswordModal open onClose={onClose} />);
    await fill('', '', '');
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('requires the repeat to match before sending', async () => {
    renderWithShell(<ChangePasswordModal open onClose={onClose} />);
    await fill('old-secret', 'new-secret-1', 'new-secret-2');
    expect(screen.getByText("The two password fields didn't match.")).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('on success sends the three values, notifies for 4 s and closes', async () => {
    changePassword.mockResolvedValue({ detail: 'ok' });
    renderWithShell(<ChangePasswordModal open onClose={onClose} />);
    await fill('old-secret', 'new-secret', 'new-secret');
    expect(changePassword).toHaveBeenCalledWith({
      old_password: 'old-secret',
      new_password1: 'new-secret',
      new_password2: 'new-secret',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useNotifications.getState().items).toEqual([
      expect.objectContaining({
        kind: 'success',
        title: 'Change password',
        body: 'Sucessfully saved new password',
        duration: 4000,
      }),
    ]);
  });

  it('on failure shows the red ERROR notification with the API messages for 3 s and stays open', async () => {
    changePassword.mockRejectedValue(new ApiError(400, { old_password: ['Invalid password'] }));
    renderWithShell(<ChangePasswordModal open onClose={onClose} />);
    await fill('bad', 'new-secret', 'new-secret');
    await waitFor(() => expect(useNotifications.getState().items).toHaveLength(1));
    expect(useNotifications.getState().items[0]).toMatchObject({
      kind: 'error',
      title: 'ERROR',
      duration: 3000,
      body: [{ label: 'old_password', messages: ['Invalid password'] }],
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
