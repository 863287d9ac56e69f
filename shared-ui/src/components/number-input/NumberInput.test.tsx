import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithI18n } from '../../test-utils/render-with-i18n';
import { checkInteger, NumberInput } from './NumberInput';

/** Types `text` one character at a time, as a keyboard does. */
function typeInto(input: HTMLElement, text: string) {
  let current = (input as HTMLInputElement).value;
  for (const ch of text) {
    current += ch;
    fireEvent.change(input, { target: { value: current } });
    current = (input as HTMLInputElement).value;
  }
}

function Harness({ min, onApplied }: { min?: number; onApplied: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <NumberInput
        label="Days to arrival"
        value={value}
        min={min}
        onValueChange={(v) => {
          setValue(v);
          onApplied(v);
        }}
      />
      <button onClick={() => setValue('')}>reset</button>
    </>
  );
}

describe('NumberInput', () => {
  it('takes a negative number typed key by key and never applies the lone minus', () => {
    const applied: string[] = [];
    renderWithI18n(<Harness onApplied={(v) => applied.push(v)} />);
    const input = screen.getByLabelText('Days to arrival');
    typeInto(input, '-7');
    expect(input).toHaveValue('-7');
    expect(applied).toEqual(['-7']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a lone minus is not a number yet instead of dropping it', () => {
    const applied: string[] = [];
    renderWithI18n(<Harness onApplied={(v) => applied.push(v)} />);
    const input = screen.getByLabelText('Days to arrival');
    typeInto(input, '-');
    expect(input).toHaveValue('-');
    expect(applied).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number');
  });

  it('refuses letters and keeps what was typed', () => {
    const applied: string[] = [];
    renderWithI18n(<Harness onApplied={(v) => applied.push(v)} />);
    const input = screen.getByLabelText('Days to arrival');
    typeInto(input, '1e2');
    expect(input).toHaveValue('12');
    expect(applied).toEqual(['1', '12']);
  });

  it('shows the minimum for a number below it and does not apply it (no silent sign change)', () => {
    const applied: string[] = [];
    renderWithI18n(<Harness min={1} onApplied={(v) => applied.push(v)} />, { lng: 'es' });
    const input = screen.getByLabelText('Days to arrival');
    typeInto(input, '-2');
    expect(input).toHaveValue('-2');
    expect(applied).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Mínimo 1');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('follows a value changed from outside (Reset Filters)', () => {
    renderWithI18n(<Harness onApplied={() => undefined} />);
    const input = screen.getByLabelText('Days to arrival');
    typeInto(input, '-3');
    fireEvent.click(screen.getByText('reset'));
    expect(input).toHaveValue('');
  });

  it('checkInteger reads whole numbers with their sign', () => {
    expect(checkInteger('-7')).toEqual({ ok: true, value: -7 });
    expect(checkInteger('')).toEqual({ ok: true, value: null });
    expect(checkInteger('-')).toEqual({ ok: false, reason: 'number' });
    expect(checkInteger('7-')).toEqual({ ok: false, reason: 'number' });
    expect(checkInteger('-2', { min: 1 })).toEqual({ ok: false, reason: 'min' });
    expect(checkInteger('123456')).toEqual({ ok: false, reason: 'number' });
  });
});
