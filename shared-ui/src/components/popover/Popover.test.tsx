import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Popover } from './Popover';

function renderPopover(onOpenChange = jest.fn()) {
  render(
    <div>
      <p>Outside text</p>
      <Popover trigger="⚙" label="Settings" onOpenChange={onOpenChange} align="end">
        <label>
          Days <input />
        </label>
      </Popover>
    </div>,
  );
  return onOpenChange;
}

describe('Popover', () => {
  it('opens from its trigger and stays open on clicks inside', async () => {
    const onOpenChange = renderPopover();
    const trigger = screen.getByRole('button', { name: 'Settings' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('textbox', { name: 'Days' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it('closes on an outside click', async () => {
    const onOpenChange = renderPopover();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Outside text'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    renderPopover();
    const trigger = screen.getByRole('button', { name: 'Settings' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('follows the open prop when controlled', async () => {
    const onOpenChange = jest.fn();
    render(
      <Popover trigger="Open" open={false} onOpenChange={onOpenChange}>
        content
      </Popover>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByText('content')).not.toBeInTheDocument();
  });
});
