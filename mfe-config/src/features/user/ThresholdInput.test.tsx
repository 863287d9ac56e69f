// A threshold field as the user types in it: the text stays exactly as typed, a whole number within the bounds
// is applied at once, anything else ('2.5', 'abc', too small, eleven digits) stays on screen with the field's
// own message and is never applied (no character dropped, no number cut short), Save is held while the text is
// not acceptable, and a value set from outside (a reloaded profile) replaces what was typed.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { checkThreshold, INT4_MAX, ThresholdInput } from './ThresholdInput';

const MESSAGES = { number: 'Enter a whole number.', min: 'At least 1.', max: 'Too large.' };

function Form({ initial = '3', onValid }: { initial?: string; onValid: (v: boolean) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ThresholdInput
        label="Days of delay"
        value={value}
        onValueChange={setValue}
        onValidityChange={onValid}
        min={1}
        max={365}
        messages={MESSAGES}
        data-testid="days"
      />
      <output data-testid="applied">{value}</output>
      <button type="button" onClick={() => setValue('7')}>
        reload
      </button>
    </>
  );
}

const field = () => screen.getByTestId<HTMLInputElement>('days');
const applied = () => screen.getByTestId('applied').textContent;
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe('a threshold field', () => {
  it('applies a whole number within the bounds at once', () => {
    const onValid = jest.fn();
    render(<Form onValid={onValid} />);
    expect(field()).toHaveValue('3');
    type('12');
    expect(applied()).toBe('12');
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByText(MESSAGES.number)).toBeNull();
  });

  it.each([
    ['2.5', MESSAGES.number],
    ['abc', MESSAGES.number],
    ['0', MESSAGES.min],
    ['-4', MESSAGES.min],
    ['366', MESSAGES.max],
    ['99999999999', MESSAGES.max],
  ])('keeps %p as typed with its message, and does not apply it', (text, message) => {
    const onValid = jest.fn();
    render(<Form onValid={onValid} />);
    type(text);
    expect(field()).toHaveValue(text);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(applied()).toBe('3');
    expect(onValid).toHaveBeenLastCalledWith(false);
  });

  it('holds Save while the text is not acceptable and frees it once it is', () => {
    const onValid = jest.fn();
    render(<Form onValid={onValid} />);
    expect(onValid.mock.calls).toEqual([[true]]);
    type('x');
    type('xy');
    // told once per flip, not on every key
    expect(onValid.mock.calls).toEqual([[true], [false]]);
    type('5');
    expect(onValid.mock.calls).toEqual([[true], [false], [true]]);
    expect(applied()).toBe('5');
  });

  it('an empty field applies nothing set, which is acceptable', () => {
    const onValid = jest.fn();
    render(<Form onValid={onValid} />);
    type('');
    expect(applied()).toBe('');
    expect(onValid).toHaveBeenLastCalledWith(true);
  });

  it('a value set from outside replaces what was typed, even a refused text', () => {
    render(<Form onValid={jest.fn()} />);
    type('2.5');
    fireEvent.click(screen.getByText('reload'));
    expect(field()).toHaveValue('7');
    expect(screen.queryByText(MESSAGES.number)).toBeNull();
  });

  it('keeps what was typed when it is the applied value written differently', () => {
    render(<Form onValid={jest.fn()} />);
    type(' 08 ');
    expect(applied()).toBe('8');
    expect(field()).toHaveValue(' 08 ');
  });
});

describe('checkThreshold', () => {
  it('reads a run of digits too long for the database as too large, never as not a number', () => {
    expect(checkThreshold(String(INT4_MAX), 0, INT4_MAX)).toEqual({ ok: true, value: INT4_MAX });
    expect(checkThreshold('21474836470', 0, INT4_MAX)).toEqual({ ok: false, reason: 'max' });
    expect(checkThreshold('-21474836470', 0, INT4_MAX)).toEqual({ ok: false, reason: 'min' });
    expect(checkThreshold('1e3', 0, INT4_MAX)).toEqual({ ok: false, reason: 'number' });
  });
});
