// The alert settings of /user-config: the user's profile (asked for on every visit) and the event codes (the
// page's cache), the forms of both channels, the e-mail report's addresses and language, the free-time warning,
// and their save as one PATCH of the profile.
import { useCallback, useEffect, useState } from 'react';
import {
  sessionStore,
  useSession,
  userProfilesApi,
  type EmailLanguage,
  type UserProfile,
} from '@portal/shared-api';
import { queryKeys, referenceQueries, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { useFailureNotice } from '../../lib/notices';
import {
  alertFormOf,
  freeTimeWarningOf,
  freeTimeWarningPatch,
  patchOf,
  type AlertForm,
} from '../../lib/profile-form';
import { useSave } from '../../lib/use-save';

/** The form's values and their validity; `show` fills them from a profile. */
function useProfileForm() {
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [portal, setPortal] = useState<AlertForm | null>(null);
  const [email, setEmail] = useState<AlertForm | null>(null);
  const [reportEmails, setReportEmails] = useState<string[]>([]);
  const [emailLanguage, setEmailLanguage] = useState<EmailLanguage>('es');
  const [portalValid, setPortalValid] = useState(true);
  const [emailValid, setEmailValid] = useState(true);
  const [freeTimeDays, setFreeTimeDays] = useState('3');
  const [freeTimeValid, setFreeTimeValid] = useState(true);

  const show = useCallback((p: UserProfile) => {
    setProfile(p);
    setPortal(alertFormOf(p, 'portal'));
    setEmail(alertFormOf(p, 'email'));
    setReportEmails([...(p.report_emails ?? [])]);
    setEmailLanguage(p.email_language ?? 'es');
    setFreeTimeDays(freeTimeWarningOf(p));
  }, []);

  return {
    profile,
    portal,
    setPortal,
    email,
    setEmail,
    reportEmails,
    setReportEmails,
    emailLanguage,
    setEmailLanguage,
    freeTimeDays,
    setFreeTimeDays,
    setPortalValid,
    setEmailValid,
    setFreeTimeValid,
    valid: portalValid && emailValid && freeTimeValid,
    show,
  };
}

export type ProfileForm = ReturnType<typeof useProfileForm>;

export function useUserAlerts() {
  const userId = useSession((s) => s.user)?.id;
  const form = useProfileForm();
  const { show } = form;
  const { busy, errors, run } = useSave();

  // the profile is asked for on every visit; the event codes come from the page's cache (once per session)
  const client = useQueryClient();
  const profileKey = [...queryKeys.config.profile, userId] as const;
  const profileQuery = useQuery({
    queryKey: profileKey,
    queryFn: () => userProfilesApi.get(userId as number),
    enabled: userId !== undefined,
  });
  const codesQuery = useQuery(referenceQueries.eventCodes());
  const loaded = profileQuery.data;
  const codes = codesQuery.data;
  // the form is filled once both have arrived (and again only if the stored profile itself changes)
  useEffect(() => {
    if (loaded && codes) show(loaded);
  }, [loaded, codes, show]);
  useFailureNotice(profileQuery.error ?? codesQuery.error);

  const save = async () => {
    const { profile, portal, email } = form;
    if (!profile || !portal || !email) return;
    await run(async () => {
      const updated = await userProfilesApi.update(profile.id, {
        ...patchOf(portal, 'portal'),
        ...patchOf(email, 'email'),
        report_emails: form.reportEmails,
        email_language: form.emailLanguage,
        ...freeTimeWarningPatch(form.freeTimeDays),
      });
      show(updated);
      client.setQueryData(profileKey, updated);
      const current = sessionStore.getState().user;
      if (current) sessionStore.getState().setUser({ ...current, userprofile: updated });
    });
  };

  return { form, codes: codes ?? [], busy, errors, save };
}
