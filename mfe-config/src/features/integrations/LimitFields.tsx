// The rate limit and expiry fields of an API key, shared by the create form and the change dialog.
import { useTranslation } from 'react-i18next';
import { DateInput, NumberInput } from '@portal/shared-ui';
import { NS } from '../../i18n';

export function LimitFields({
  limit,
  setLimit,
  expires,
  setExpires,
  errors,
  idPrefix,
  onValidity,
}: {
  limit: string;
  setLimit: (v: string) => void;
  expires: string;
  setExpires: (v: string) => void;
  errors: Record<string, string[]>;
  idPrefix: string;
  onValidity: (valid: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <>
      <NumberInput
        label={t('integrations.keys.rateLimit')}
        value={limit}
        onValueChange={setLimit}
        onValidityChange={onValidity}
        min={10}
        max={6000}
        maxDigits={4}
        error={errors.rate_limit_per_minute}
        data-testid={`${idPrefix}-limit`}
      />
      <DateInput
        label={t('integrations.keys.expires')}
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
        error={errors.expires_at}
        data-testid={`${idPrefix}-expires`}
      />
    </>
  );
}
