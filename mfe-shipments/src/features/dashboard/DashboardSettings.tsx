// The settings popovers of the dashboard (write permission only): days of delay and days in advance on the
// out-of-date tab, the attention-required event codes on the attention-required tab. Saved in the user profile.
import { useTranslation } from 'react-i18next';
import {
  errorToNotificationBody,
  sessionStore,
  userProfilesApi,
  type EventCode,
  type UserProfilePatch,
} from '@portal/shared-api';
import { queryKeys, useMutation, useQueryClient } from '@portal/shared-api/queries';
import { Button, notifyError, notifySuccess, Popover, useIsMobile } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { DelayFields, EventCodeChoices } from './SettingsFields';
import { useSettingsForm, type SettingsKind } from './use-settings-form';

export interface DashboardSettingsProps {
  kind: SettingsKind;
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
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const form = useSettingsForm(kind);
  // on narrow screens the trigger wraps to the left edge: open the panel towards the right
  const mobile = useIsMobile();
  const client = useQueryClient();
  const saving = useMutation({
    mutationFn: saveProfile,
    // the profile the config pages hold is out of date now
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.config.profile }),
  });

  const save = async () => {
    if (form.invalid) return;
    try {
      await saving.mutateAsync(form.patch());
      notifySuccess(tc('notifications.savedTitle'), tc('notifications.success'));
      form.openChange(false);
      onSaved();
    } catch (error) {
      notifyError(tc('errors.title'), errorToNotificationBody(error));
    }
  };

  const title = t(`dashboard.settings.${kind}`);
  return (
    <Popover
      open={form.open}
      onOpenChange={form.openChange}
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
          <DelayFields delay={form.delay} advance={form.advance} />
        ) : (
          <EventCodeChoices codes={form.codes} eventCodes={eventCodes} />
        )}
        <div className="shp-settings-bar">
          <Button
            type="submit"
            busy={saving.isPending}
            disabled={form.invalid}
            data-testid="dashboard-settings-save"
          >
            {tc('actions.save')}
          </Button>
          <Button variant="secondary" onClick={() => form.openChange(false)}>
            {tc('actions.cancel')}
          </Button>
        </div>
      </form>
    </Popover>
  );
}
