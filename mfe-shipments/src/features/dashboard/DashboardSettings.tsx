// The settings popovers of the dashboard (write permission only): days of delay and days in advance on the
// out-of-date tab, the attention-required event codes on the attention-required tab. Saved in the user profile.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorToNotificationBody,
  sessionStore,
  userProfilesApi,
  useSession,
  type EventCode,
  type UserProfilePatch,
} from '@portal/shared-api';
import { queryKeys, useMutation, useQueryClient } from '@portal/shared-api/queries';
import {
  Button,
  Checkbox,
  notifyError,
  notifySuccess,
  Popover,
  NumberInput,
  useIsMobile,
} from '@portal/shared-ui';
import { NS } from '../../i18n';
import { eventCodeLabel } from '../../lib/event-text';
import { groupEventCodes, parseDays, showDaysInAdvance, storedDaysInAdvance } from './settings';

export interface DashboardSettingsProps {
  kind: 'delayed' | 'alerted';
  eventCodes: EventCode[];
  onSaved: () => void;
}

async function saveProfile(patch: UserProfilePatch): Promise<void> {
  const user = sessionStore.getState().user;
  if (!user) throw new Error('Not signed in');
  const updated = await userProfilesApi.update(user.userprofile.id, patch);
  const current = sessionStore.getState().user ?? user;
  sessionStore.getState().setUser({ ...current, userprofile: { ...current.userprofile, ...updated } });
}

export function DashboardSettings({ kind, eventCodes, onSaved }: DashboardSettingsProps) {
  const { t, i18n } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const profile = useSession((s) => s.user?.userprofile);
  const [open, setOpen] = useState(false);
  // on narrow screens the trigger wraps to the left edge: open the panel towards the right
  const mobile = useIsMobile();
  const [delay, setDelay] = useState('1');
  const [advance, setAdvance] = useState('-1');
  const [codes, setCodes] = useState<number[]>([]);
  const client = useQueryClient();
  const saving = useMutation({
    mutationFn: saveProfile,
    // the profile the config pages hold is out of date now
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.config.profile }),
  });
  const busy = saving.isPending;

  // Refilled from the profile each time the popover opens, in the same update that opens it: an effect would run
  // after the form is already on screen and overwrite what the user starts typing in that moment.
  const openChange = (next: boolean) => {
    if (next && profile) {
      setDelay(String(profile.days_of_delay ?? 1));
      setAdvance(showDaysInAdvance(profile.days_in_advance));
      setCodes(profile.attention_required_event_codes ?? []);
    }
    setOpen(next);
  };

  // what NumberInput applies is a whole number (days of delay: 1 or more) or ''; a half-typed value is not
  // applied but makes the form invalid until it is a number
  const [delayTyped, setDelayTyped] = useState(true);
  const [advanceTyped, setAdvanceTyped] = useState(true);
  const delayN = delay === '' ? null : Number(delay);
  const advanceN = parseDays(advance);
  const invalid =
    kind === 'delayed' && (!delayTyped || !advanceTyped || delayN === null || advanceN === null);

  const save = async () => {
    if (invalid) return;
    const patch: UserProfilePatch =
      kind === 'delayed'
        ? { days_of_delay: delayN ?? 1, days_in_advance: storedDaysInAdvance(advanceN ?? 1) }
        : { attention_required_event_codes: codes };
    try {
      await saving.mutateAsync(patch);
      notifySuccess(tc('notifications.savedTitle'), tc('notifications.success'));
      setOpen(false);
      onSaved();
    } catch (error) {
      notifyError(tc('errors.title'), errorToNotificationBody(error));
    }
  };

  const title = t(`dashboard.settings.${kind}`);
  return (
    <Popover
      open={open}
      onOpenChange={openChange}
      align={mobile ? 'start' : 'end'}
      label={title}
      trigger={
        <span className="shp-settings-trigger" data-testid={`dashboard-settings-${kind}`}>
          <span aria-hidden="true">⚙</span> {title}
        </span>
      }
    >
      <form
        className="shp-settings"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h3>{title}</h3>
        {kind === 'delayed' ? (
          <>
            <NumberInput
              label={t('dashboard.settings.daysOfDelay')}
              hint={t('dashboard.settings.daysHint')}
              min={1}
              maxDigits={4}
              messages={{ min: t('dashboard.settings.minimum') }}
              value={delay}
              onValueChange={setDelay}
              onValidityChange={setDelayTyped}
              error={delayTyped && delay === '' ? t('dashboard.settings.minimum') : undefined}
              data-testid="days-of-delay"
            />
            <NumberInput
              label={t('dashboard.settings.daysInAdvance')}
              hint={t('dashboard.settings.daysInAdvanceHint')}
              maxDigits={4}
              value={advance}
              onValueChange={setAdvance}
              onValidityChange={setAdvanceTyped}
              error={advanceTyped && advanceN === null ? t('dashboard.settings.minimum') : undefined}
              onBlur={() => advanceN !== null && setAdvance(String(-advanceN))}
              data-testid="days-in-advance"
            />
          </>
        ) : (
          <fieldset className="shp-days">
            <legend>{t('dashboard.settings.eventCodes')}</legend>
            <div className="shp-codes" data-testid="attention-codes">
              {eventCodes.length === 0 && (
                <span className="shp-muted">{t('dashboard.settings.noCodes')}</span>
              )}
              {groupEventCodes(eventCodes).map((group) => (
                <div
                  key={group.category}
                  className="shp-codes__group"
                  role="group"
                  aria-labelledby={`shp-codes-${group.category}`}
                  data-category={group.category}
                >
                  <p className="shp-codes__group-title" id={`shp-codes-${group.category}`}>
                    {t(`dashboard.settings.codeGroups.${group.category}`)}
                  </p>
                  {group.codes.map((c) => (
                    <Checkbox
                      key={c.code}
                      checked={codes.includes(c.code)}
                      label={eventCodeLabel(c, i18n.language)}
                      onChange={(on) =>
                        setCodes((prev) => (on ? [...prev, c.code] : prev.filter((x) => x !== c.code)))
                      }
                    />
                  ))}
                </div>
              ))}
            </div>
          </fieldset>
        )}
        <div className="shp-settings-bar">
          <Button type="submit" busy={busy} disabled={invalid} data-testid="dashboard-settings-save">
            {tc('actions.save')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {tc('actions.cancel')}
          </Button>
        </div>
      </form>
    </Popover>
  );
}
