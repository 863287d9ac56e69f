import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../../test-utils/render-with-i18n';
import { Modal } from './Modal';

function renderModal(onClose = jest.fn()) {
  renderWithI18n(
    <Modal open title="Pick the columns you want to show" onClose={onClose} footer={<button>Save</button>}>
      <input aria-label="Filter" />
    </Modal>,
  );
  return onClose;
}

describe('Modal', () => {
  it('renders an accessible dialog in a portal on body and focuses its first field', () => {
    const { container } = renderWithI18n(
      <Modal open title="Export List" onClose={() => {}}>
        <input aria-label="Name" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Export List' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('renders nothing when closed', () => {
    renderWithI18n(
      <Modal open={false} title="Hidden" onClose={() => {}}>
        body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const onClose = renderModal();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click but not on a click inside the dialog', async () => {
    const onClose = renderModal();
    await userEvent.click(screen.getByRole('textbox', { name: 'Filter' }));
    await userEvent.click(screen.getByRole('heading', { name: 'Pick the columns you want to show' }));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the close button', async () => {
    const onClose = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
