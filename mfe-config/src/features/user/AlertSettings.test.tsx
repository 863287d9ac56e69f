// The thresholds of the alert settings refuse what is not a whole number of days, with the field's message,
// and never rewrite what was typed: '2.5' does not become 25, 'abc' does not vanish, eleven digits are not cut
// to five; nothing of it reaches the form, and Save is held.
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import { alertFormOf, type AlertForm } from '../../lib/profile-form';
import type { UserProfile } from '@portal/shared-api';
import { AlertSettings } from './AlertSettings';
import { checkThreshold } from './ThresholdInput';

const profile = {
  id: 7,
  days_of_delay: 2,
  days_in_advance: -3,
  attention_required_event_codes: [],
  max_days_in_tsp: 4,
} as unknown as UserProfile;

let forms: AlertForm[] = [];
let valid = true;

function Harness() {
  const [form, setForm] = useState(() => alertFormOf(profile, 'portal'));
  return (
    <AlertSettings
      channel="portal"
      form={form}
      onChange={(next) => {
        forms.push(next);
        setForm(next);
      }}
      codes={[]}
      errors={{}}
      onValidityChange={(v) => {
        valid = v;
      }}
    />
  );
}

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});
beforeEach(() => {
  forms = [];
  valid = true;
});

const typed = (testId: string, text: string) => {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value: text } });
  return input;
};

describe('alert thresholds as typed', () => {
  it.each([
    ['2.5', 'Enter a whole number of days, 1 or more (e.g. 3).'],
    ['abc', 'Enter a whole number of days, 1 or more (e.g. 3).'],
    ['12345678901', 'The maximum is 2147483647.'],
    ['0', 'The minimum is 1.'],
  ])('max days in transshipment "%s": kept, refused with "%s", not applied', (text, message) => {
    render(<Harness />);
    const input = typed('cfg-portal-max_days_in_tsp', text);
    expect(input).toHaveValue(text);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(forms).toEqual([]);
    expect(valid).toBe(false);
  });

  it('days of delay: "2.5" is refused, "25" typed after it is taken', () => {
    render(<Harness />);
    typed('cfg-portal-days_of_delay', '2.5');
    expect(screen.getByTestId('cfg-portal-days_of_delay')).toHaveValue('2.5');
    expect(valid).toBe(false);
    typed('cfg-portal-days_of_delay', '25');
    expect(forms.at(-1)?.daysOfDelay).toBe('25');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(valid).toBe(true);
  });

  it('days in advance: letters refused; 5 typed is shown and kept negative', () => {
    render(<Harness />);
    typed('cfg-portal-days_in_advance', '-x');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of days before the plan');
    const input = typed('cfg-portal-days_in_advance', '5');
    fireEvent.blur(input);
    expect(input).toHaveValue('-5');
    expect(forms.at(-1)?.daysInAdvance).toBe('-5');
  });

  it('an empty threshold switches the check off', () => {
    render(<Harness />);
    typed('cfg-portal-max_days_in_tsp', '');
    expect(forms.at(-1)?.maxDays.max_days_in_tsp).toBe('');
    expect(valid).toBe(true);
  });

  it('reads whole numbers within the API’s integers, longer ones out of bounds', () => {
    expect(checkThreshold('2147483647', 1, 2147483647)).toEqual({ ok: true, value: 2147483647 });
    expect(checkThreshold('2147483648', 1, 2147483647)).toEqual({ ok: false, reason: 'max' });
    expect(checkThreshold('99999999999', 1, 2147483647)).toEqual({ ok: false, reason: 'max' });
    expect(checkThreshold('-99999999999', -2147483647, -1)).toEqual({ ok: false, reason: 'min' });
    expect(checkThreshold('1e3', 1, 2147483647)).toEqual({ ok: false, reason: 'number' });
  });
});
