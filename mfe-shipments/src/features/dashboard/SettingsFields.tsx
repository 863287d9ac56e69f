// The fields of the dashboard settings popovers: the day counts of the out-of-date tab, and the event codes of
// the attention-required tab grouped by category.
import { useTranslation } from 'react-i18next';
import type { EventCode } from '@portal/shared-api';
import { Checkbox, NumberInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { eventCodeLabel } from '../../lib/event-text';
import { groupEventCodes } from './settings';
import type { SettingsForm } from './use-settings-form';

export function DelayFields({ delay, advance }: Pick<SettingsForm, 'delay' | 'advance'>) {
  const { t } = useTranslation(NS);
  return (
    <>
      <NumberInput
        label={t('dashboard.settings.daysOfDelay')}
        hint={t('dashboard.settings.daysHint')}
        min={1}
        maxDigits={4}
        messages={{ min: t('dashboard.settings.minimum') }}
        value={delay.value}
        onValueChange={delay.set}
        onValidityChange={delay.setTyped}
        error={delay.typed && delay.value === '' ? t('dashboard.settings.minimum') : undefined}
        data-testid="days-of-delay"
      />
      <NumberInput
        label={t('dashboard.settings.daysInAdvance')}
        hint={t('dashboard.settings.daysInAdvanceHint')}
        maxDigits={4}
        value={advance.value}
        onValueChange={advance.set}
        onValidityChange={advance.setTyped}
        error={advance.typed && advance.days === null ? t('dashboard.settings.minimum') : undefined}
        onBlur={() => advance.days !== null && advance.set(String(-advance.days))}
        data-testid="days-in-advance"
      />
    </>
  );
}

interface CodeProps extends Pick<SettingsForm, 'codes'> {
  eventCodes: EventCode[];
}

export function EventCodeChoices({ codes, eventCodes }: CodeProps) {
  const { t, i18n } = useTranslation(NS);
  return (
    <fieldset className="shp-days">
      <legend>{t('dashboard.settings.eventCodes')}</legend>
      <div className="shp-codes" data-testid="attention-codes">
        {eventCodes.length === 0 && <span className="shp-muted">{t('dashboard.settings.noCodes')}</span>}
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
                checked={codes.chosen.includes(c.code)}
                label={eventCodeLabel(c, i18n.language)}
                onChange={(on) => codes.toggle(c.code, on)}
              />
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
