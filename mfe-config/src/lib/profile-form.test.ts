import type { UserProfile } from '@portal/shared-api';
import { alertFormOf, channelErrors, copyForm, patchOf, sameSettings } from './profile-form';

const profile = {
  id: 7,
  company: 1,
  report_emails: [],
  days_of_delay: 2,
  days_in_advance: -3,
  attention_required_event_codes: [901],
  pod_timeofarrival_warning_risk: 2,
  max_days_in_tsp: 4,
  max_days_eta_pod_discrepancy: null,
  email_report_days_of_delay: 1,
  email_report_days_in_advance: -1,
  email_report_attention_required_event_codes: [],
  email_pod_timeofarrival_warning_risk: null,
  email_report_max_days_in_tsp: null,
} as unknown as UserProfile;

describe('the alert settings form', () => {
  it('reads each channel from its own fields, days in advance negative', () => {
    const portal = alertFormOf(profile, 'portal');
    expect(portal).toMatchObject({ daysOfDelay: '2', daysInAdvance: '-3', codes: [901], risk: '2' });
    expect(portal.maxDays.max_days_in_tsp).toBe('4');
    expect(portal.maxDays.max_days_eta_pod_discrepancy).toBe('');
    const email = alertFormOf(profile, 'email');
    expect(email).toMatchObject({ daysOfDelay: '1', daysInAdvance: '-1', codes: [], risk: '' });
  });

  it('sends empty thresholds as null and days in advance negative whatever the sign', () => {
    const form = { ...alertFormOf(profile, 'portal'), daysInAdvance: '5' };
    form.maxDays.max_days_in_tsp = '';
    form.maxDays.max_days_eta_dlv_discrepancy = '9';
    const body = patchOf(form, 'portal');
    expect(body).toMatchObject({
      days_of_delay: 2,
      days_in_advance: -5,
      max_days_in_tsp: null,
      max_days_eta_dlv_discrepancy: 9,
      pod_timeofarrival_warning_risk: 2,
      attention_required_event_codes: [901],
    });
    const email = patchOf({ ...form, risk: '' }, 'email');
    expect(email).toMatchObject({
      email_report_days_in_advance: -5,
      email_report_max_days_in_tsp: null,
      email_pod_timeofarrival_warning_risk: null,
      email_report_attention_required_event_codes: [901],
    });
    expect(Object.keys(email).every((k) => k.startsWith('email_'))).toBe(true);
  });

  it('copies the portal settings for the report ("same as the portal")', () => {
    const portal = alertFormOf(profile, 'portal');
    const email = alertFormOf(profile, 'email');
    expect(sameSettings(portal, email)).toBe(false);
    const copy = copyForm(portal);
    expect(sameSettings(portal, copy)).toBe(true);
    copy.maxDays.max_days_in_tsp = '1';
    expect(portal.maxDays.max_days_in_tsp).toBe('4');
  });

  it("puts the server's messages under the field of the right channel", () => {
    const errors = {
      days_of_delay: ['a'],
      email_report_max_days_in_tsp: ['b'],
      email_pod_timeofarrival_warning_risk: ['c'],
    };
    expect(channelErrors(errors, 'portal')).toEqual({ daysOfDelay: ['a'] });
    expect(channelErrors(errors, 'email')).toEqual({ max_days_in_tsp: ['b'], risk: ['c'] });
  });
});
