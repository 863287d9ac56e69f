import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ToggleButtons, type ToggleButtonsProps } from './ToggleButtons';

const options = [
  { value: 'planned', label: 'Planned' },
  { value: 'sailing', label: 'Sailing' },
  { value: 'arrived', label: 'Arrived' },
];

function Harness(props: { multiple?: boolean; onChange: ToggleButtonsProps['onChange'] }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <ToggleButtons
      label="Tracking Status"
      options={options}
      value={value}
      multiple={props.multiple}
      onChange={(v) => {
        props.onChange(v);
        setValue(v);
      }}
    />
  );
}

describe('ToggleButtons', () => {
  it('selects several values (in option order) and releases one', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Tracking Status' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Arrived' }));
    await userEvent.click(screen.getByRole('button', { name: 'Planned' }));
    expect(onChange).toHaveBeenLastCalledWith(['planned', 'arrived']);
    expect(screen.getByRole('button', { name: 'Planned' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sailing' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Arrived' }));
    expect(onChange).toHaveBeenLastCalledWith(['planned']);
    expect(screen.getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps one value when multiple is false', async () => {
    const onChange = jest.fn();
    render(<Harness multiple={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Planned' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sailing' }));
    expect(onChange).toHaveBeenLastCalledWith(['sailing']);
    expect(screen.getByRole('button', { name: 'Planned' })).toHaveAttribute('aria-pressed', 'false');
  });
});
