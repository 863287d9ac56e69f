// "E-mail me when an arrival moves by more than N hours": shown with the e-mail report's thresholds only, off
// when empty, a whole number of hours from 1 to 720 (refused otherwise with the field's message, es and en),
// sent as eta_change_alert_hours, its server message shown under it, and outside "same as the portal".
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import {
  alertFormOf,
  channelErrors,
  patchOf,
  sameSettings,
  type AlertForm,
  type Channel,
} from '../../lib/profile-form';
import type { UserProfile } from '@portal/shared-api';
import { AlertSettings } from './AlertSettings';

const profile = {
  id: 7,
  days_of_delay: 2,
  days_in_advance: -3,
  attention_required_event_codes: [],
  email_report_days_of_delay: 2,
  email_report_days_in_advance: -3,
  email_report_attention_required_event_codes: [],
  eta_change_alert_hours: 24,
} as unknown as UserProfile;

let forms: AlertForm[] = [];
let valid = true;

function Harness({ channel, errors = {} }: { channel: Channel; errors?: Record<string, string[]> }) {
  const [form, setForm] = useState(() => alertFormOf(profile, channel));
  return (
    <AlertSettings
      channel={channel}
      form={form}
      onChange={(next) => {
        forms.push(next);
        setForm(next);
      }}
      codes={[]}
      errors={errors}
      onValidityChange={(v) => {
        valid = v;
      }}
    />
  );
}

const FIELD = 'cfg-email-eta_change_alert_hours';

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  forms = [];
  valid = true;
  await act(() => i18next.changeLanguage('en'));
});

describe('the ETA-change threshold', () => {
  it('is a setting of the e-mail channel, shown with its saved value', () => {
    render(<Harness channel="email" />);
    expect(screen.getByTestId(FIELD)).toHaveValue('24');
    expect(screen.getByText('E-mail me when an arrival moves by more than N hours')).toBeInTheDocument();
  });

  it('is not among the portal thresholds', () => {
    render(<Harness channel="portal" />);
    expect(screen.queryByTestId('cfg-portal-eta_change_alert_hours')).toBeNull();
    expect(screen.queryByTestId(FIELD)).toBeNull();
  });

  it.each([
    ['en', '721', 'The maximum is 720 hours.'],
    ['en', '0', 'The minimum is 1 hour.'],
    ['en', '1.5', 'Enter a whole number of hours, from 1 to 720 (e.g. 24).'],
    ['es', '721', 'El máximo es 720 horas.'],
    ['es', 'abc', 'Escriba un número entero de horas, de 1 a 720 (p. ej. 24).'],
  ])('(%s) "%s" is kept, refused with "%s" and not applied', async (lang, text, message) => {
    await act(() => i18next.changeLanguage(lang));
    render(<Harness channel="email" />);
    fireEvent.change(screen.getByTestId(FIELD), { target: { value: text } });
    expect(screen.getByTestId(FIELD)).toHaveValue(text);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(forms).toEqual([]);
    expect(valid).toBe(false);
  });

  it('sends a whole number of hours, and null when emptied (off)', () => {
    render(<Harness channel="email" />);
    fireEvent.change(screen.getByTestId(FIELD), { target: { value: '720' } });
    expect(valid).toBe(true);
    expect(patchOf(forms.at(-1)!, 'email').eta_change_alert_hours).toBe(720);
    fireEvent.change(screen.getByTestId(FIELD), { target: { value: '' } });
    expect(patchOf(forms.at(-1)!, 'email').eta_change_alert_hours).toBeNull();
    // the portal's body never carries it
    expect(patchOf(alertFormOf(profile, 'portal'), 'portal')).not.toHaveProperty('eta_change_alert_hours');
  });

  it("shows the server's message under the field", () => {
    const errors = channelErrors(
      { eta_change_alert_hours: ['Ensure this value is less than or equal to 720.'] },
      'email',
    );
    render(<Harness channel="email" errors={errors} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Ensure this value is less than or equal to 720.');
  });

  it('is left out of "same as the portal"', () => {
    expect(sameSettings(alertFormOf(profile, 'portal'), alertFormOf(profile, 'email'))).toBe(true);
  });
});
