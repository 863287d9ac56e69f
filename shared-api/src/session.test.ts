import { isAuthenticated, sessionStore, TOKEN_KEY, USER_ID_KEY } from './session';
import type { User, UserProfile } from './types';

const noThresholds = {
  max_days_eta_dlv_discrepancy: null,
  max_days_eta_pod_discrepancy: null,
  max_days_in_pod_planned_initial: null,
  max_days_in_pod_planned_last: null,
  max_days_in_pol_planned_initial: null,
  max_days_in_pol_planned_last: null,
  max_days_in_tsp: null,
  max_days_in_tsp_planned_initial: null,
  max_days_in_tsp_planned_last: null,
};
const profile: UserProfile = {
  id: 42,
  user: 42,
  company: 1,
  role: 1,
  is_manager: false,
  attention_required_event_codes: [],
  days_in_advance: -1,
  days_of_delay: 1,
  pod_timeofarrival_warning_risk: null,
  ...noThresholds,
  email_language: 'es',
  email_pod_timeofarrival_warning_risk: null,
  eta_change_alert_hours: null,
  free_time_warning_days: 3,
  email_report_attention_required_event_codes: [],
  email_report_days_in_advance: -1,
  email_report_days_of_delay: 1,
  email_report_max_days_eta_dlv_discrepancy: null,
  email_report_max_days_eta_pod_discrepancy: null,
  email_report_max_days_in_pod_planned_initial: null,
  email_report_max_days_in_pod_planned_last: null,
  email_report_max_days_in_pol_planned_initial: null,
  email_report_max_days_in_pol_planned_last: null,
  email_report_max_days_in_tsp: null,
  email_report_max_days_in_tsp_planned_initial: null,
  email_report_max_days_in_tsp_planned_last: null,
  report_emails: [],
  shipments_fields: [],
  trackings_fields: [],
};

const user: User = {
  id: 42,
  username: 'demo',
  first_name: 'Demo',
  last_name: 'User',
  email: 'demo@example.com',
  is_superuser: false,
  userprofile: profile,
};

describe('session store', () => {
  it('keeps the token in local storage and logout clears user, user id and token', () => {
    sessionStore.getState().setToken('abc');
    sessionStore.getState().setUser(user);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(localStorage.getItem(USER_ID_KEY)).toBe('42');
    expect(isAuthenticated()).toBe(true);

    sessionStore.getState().logout();
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, userId: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
    expect(isAuthenticated()).toBe(false);
  });
});
