import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { Carrier } from '@portal/shared-api';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import { BiFilterForm, CarrierSelect } from './BiFilterForm';

beforeAll(async () => {
  await initI18n(i18next);
  await i18next.changeLanguage('en');
});

// Only what the select reads.
const CARRIERS = [{ id: 3, short_name: 'MSC', official_name: 'Mediterranean Shipping Company' }] as Carrier[];

function mount(canUpdate: boolean) {
  const onUpdate = jest.fn();
  const onReset = jest.fn();
  const onCarrier = jest.fn();
  render(
    <BiFilterForm
      onUpdate={onUpdate}
      onReset={onReset}
      canUpdate={canUpdate}
      loading={false}
      actions={<button type="button">Own action</button>}
    >
      <CarrierSelect id="x-carrier" carriers={CARRIERS} value="" onChange={onCarrier} />
    </BiFilterForm>,
  );
  return { onUpdate, onReset, onCarrier };
}

describe('BiFilterForm', () => {
  it('updates on submit, resets, and puts the view’s own actions between Update and Reset', () => {
    const { onUpdate, onReset } = mount(true);
    const form = screen.getByRole('form', { name: 'Filters' });
    fireEvent.submit(form);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Update',
      'Own action',
      'Reset',
    ]);
  });

  it('neither enables Update nor submits while the filters cannot be used', () => {
    const { onUpdate } = mount(false);
    expect(screen.getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('offers All carriers first, then each carrier by its short name', () => {
    const { onCarrier } = mount(true);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All carriers', 'MSC']);
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: '3' } });
    expect(onCarrier).toHaveBeenCalledWith('3');
  });
});
