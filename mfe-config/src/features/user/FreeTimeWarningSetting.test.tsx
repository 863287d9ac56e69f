// "Warn me N days before the last free day": shown with the saved value (3 when the profile has none), a whole
// number of days from 0 to 60, refused otherwise (and when empty) with the field's message in es and en while
// Save is held, sent as free_time_warning_days, its server message shown under it.
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initI18n } from '@portal/shared-ui';
import type { UserProfile } from '@portal/shared-api';
import '../../i18n';
import { freeTimeWarningOf, freeTimeWarningPatch } from '../../lib/profile-form';
import { FreeTimeWarningSetting } from './FreeTimeWarningSetting';

const FIELD = 'cfg-free_time_warning_days';
let applied: string[] = [];
let valid = true;

function Harness({ initial = '3', error }: { initial?: string; error?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <FreeTimeWarningSetting
      value={value}
      onChange={(next) => {
        applied.push(next);
        setValue(next);
      }}
      onValidityChange={(v) => {
        valid = v;
      }}
      error={error}
    />
  );
}

const type = (text: string) => fireEvent.change(screen.getByTestId(FIELD), { target: { value: text } });

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  applied = [];
  valid = true;
  await act(() => i18next.changeLanguage('en'));
});

describe('the free-time warning', () => {
  it('shows the saved value with its words, in English and Spanish', async () => {
    render(<Harness initial="5" />);
    expect(screen.getByTestId(FIELD)).toHaveValue('5');
    expect(screen.getByText('Warn me this many days before the last free day')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Free time (demurrage and detention)' })).toBeInTheDocument();
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByText('Avisarme este número de días antes del último día libre')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tiempo libre (demurrage y detention)' })).toBeInTheDocument();
  });

  it('takes 0 to 60 whole days and refuses the rest, holding Save', async () => {
    render(<Harness />);
    type('61');
    expect(screen.getByText('The maximum is 60 days.')).toBeInTheDocument();
    expect(valid).toBe(false);
    type('2.5');
    expect(screen.getByText('Enter a whole number of days, from 0 to 60 (e.g. 3).')).toBeInTheDocument();
    expect(valid).toBe(false);
    type('0');
    expect(valid).toBe(true);
    expect(applied.at(-1)).toBe('0');
    expect(screen.queryByText(/The maximum/)).toBeNull();
    type('');
    expect(screen.getByText('Enter a number of days, from 0 to 60.')).toBeInTheDocument();
    expect(valid).toBe(false);
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByText('Escriba un número de días, de 0 a 60.')).toBeInTheDocument();
    type('60');
    expect(valid).toBe(true);
    expect(applied.at(-1)).toBe('60');
  });

  it('shows the server’s message under the field', () => {
    render(<Harness error={['Ensure this value is less than or equal to 60.']} />);
    expect(screen.getByText('Ensure this value is less than or equal to 60.')).toBeInTheDocument();
  });

  it('reads the profile and writes the PATCH body', () => {
    expect(freeTimeWarningOf({ free_time_warning_days: 0 } as unknown as UserProfile)).toBe('0');
    expect(freeTimeWarningOf({} as unknown as UserProfile)).toBe('3');
    expect(freeTimeWarningPatch('7')).toEqual({ free_time_warning_days: 7 });
    expect(freeTimeWarningPatch(' ')).toEqual({});
  });
});
