// What the two BI views (metrics and set-aside carrier events) share around their own filters: the filter form,
// the carrier select ('All carriers' first), the Update / Reset buttons, and the error notice of a failed call.
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorToNotificationBody, type Carrier } from '@portal/shared-api';
import { Button, notifyError, Select } from '@portal/shared-ui';
import { NS } from '../../i18n';

/** The 'ERROR' notice with the API's messages (the calls are made outside a component's render). */
export const notifyFailure = (error: unknown) =>
  notifyError(i18next.t('errors.title', { ns: 'common' }), errorToNotificationBody(error));

export interface CarrierSelectProps {
  id: string;
  carriers: Carrier[];
  value: string;
  onChange: (value: string) => void;
}

export function CarrierSelect({ id, carriers, value, onChange }: CarrierSelectProps) {
  const { t } = useTranslation(NS);
  const options = [
    { value: '', label: t('allCarriers') },
    ...carriers.map((c) => ({ value: String(c.id), label: c.short_name })),
  ];
  return <Select id={id} label={t('carrier')} options={options} value={value} onChange={onChange} />;
}

export interface BiFilterFormProps {
  /** Update was chosen (the button or Enter): the form's own submission is already prevented. */
  onUpdate: () => void;
  onReset: () => void;
  /** When false, Update is disabled (and Enter does nothing). */
  canUpdate: boolean;
  /** Update shows as busy while the view loads. */
  loading: boolean;
  /** The view's own buttons, between Update and Reset. */
  actions?: ReactNode;
  children: ReactNode;
}

export function BiFilterForm({
  onUpdate,
  onReset,
  canUpdate,
  loading,
  actions,
  children,
}: BiFilterFormProps) {
  const { t } = useTranslation(NS);
  return (
    <form
      className="pui-filter-bar"
      aria-label={t('filters')}
      // the fields show their own messages in the page's language; the browser's bubbles would add others
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canUpdate) onUpdate();
      }}
    >
      {children}
      <div className="pui-list-actions pui-filter-bar__wide">
        <Button type="submit" variant="primary" disabled={!canUpdate} busy={loading}>
          {t('update')}
        </Button>
        {actions}
        <Button type="button" variant="secondary" onClick={onReset}>
          {t('reset')}
        </Button>
      </div>
    </form>
  );
}
