import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { visibleColumnKeys } from './columns';
import { ConfigureColumnsModal } from './ConfigureColumnsModal';
import { renderWithLists } from './testing';

const COLUMNS = [
  { key: 'id', label: 'Id' },
  { key: 'status', label: 'Status' },
  { key: 'code_value', label: 'Code' },
  { key: 'carrier', label: 'Carrier' },
  { key: 'created_at', label: 'Created' },
];
const DEFAULTS = ['status', 'code_value', 'carrier'];

describe('visibleColumnKeys', () => {
  const all = COLUMNS.map((c) => c.key);
  it('shows the id always and the defaults when nothing is chosen', () => {
    expect(visibleColumnKeys(all, [], DEFAULTS)).toEqual(['id', 'status', 'code_value', 'carrier']);
    expect(visibleColumnKeys(all, null, DEFAULTS)).toEqual(['id', 'status', 'code_value', 'carrier']);
    expect(visibleColumnKeys(all, ['gone'], DEFAULTS)).toEqual(['id', 'status', 'code_value', 'carrier']);
  });
  it('shows the chosen columns in display order', () => {
    expect(visibleColumnKeys(all, ['created_at', 'status'], DEFAULTS)).toEqual([
      'id',
      'status',
      'created_at',
    ]);
  });
});

describe('ConfigureColumnsModal', () => {
  const setup = (saved: string[], onSave = jest.fn()) => {
    const onClose = jest.fn();
    renderWithLists(
      <ConfigureColumnsModal
        open
        onClose={onClose}
        columns={COLUMNS}
        defaultColumns={DEFAULTS}
        saved={saved}
        onSave={onSave}
      />,
    );
    return { onSave, onClose };
  };

  it('opens with the defaults ticked when nothing is saved; id is fixed', () => {
    setup([]);
    expect(screen.getByRole('dialog', { name: 'Pick the columns you want to show' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Id/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Id/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Status' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Created' })).not.toBeChecked();
  });

  it('saves the chosen list (without id) through the callback and closes', async () => {
    const user = userEvent.setup();
    const { onSave, onClose } = setup(['status']);
    await user.click(screen.getByRole('checkbox', { name: 'Created' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(['status', 'created_at']);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('Select all ticks every column, Reset goes back to the defaults', async () => {
    const user = userEvent.setup();
    const { onSave } = setup(['status']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith(['status', 'code_value', 'carrier', 'created_at']);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith(DEFAULTS);
  });

  it('stays open when saving fails', async () => {
    const user = userEvent.setup();
    const { onClose } = setup([], jest.fn().mockRejectedValue(new Error('boom')));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
