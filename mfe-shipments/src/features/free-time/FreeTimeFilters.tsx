// The list's free-time filters: "free time ends within N days" (0..60) and "over free time". Both are URL keys
// named as the API's parameters; ticked together they show the containers at risk (either one).
import { useTranslation } from 'react-i18next';
import { Checkbox, NumberInput } from '@portal/shared-ui';
import { FREE_TIME_NS } from './i18n';

const FREE_TIME_WITHIN_MAX = 60;

export interface FreeTimeFiltersProps {
  endsWithin: string;
  over: string;
  onEndsWithinChange: (value: string) => void;
  onOverChange: (value: string) => void;
}

export function FreeTimeFilters({
  endsWithin,
  over,
  onEndsWithinChange,
  onOverChange,
}: FreeTimeFiltersProps) {
  const { t } = useTranslation(FREE_TIME_NS);
  return (
    <fieldset className="shp-days shp-ft-filters" data-testid="free-time-filters">
      <legend>{t('filters.legend')}</legend>
      <div>
        <NumberInput
          id="filter-free-time-ends-within"
          label={t('filters.endsWithin')}
          hint={t('filters.endsWithinHint')}
          value={endsWithin}
          min={0}
          max={FREE_TIME_WITHIN_MAX}
          maxDigits={2}
          onValueChange={onEndsWithinChange}
        />
        <Checkbox
          id="filter-over-free-time"
          className="shp-ft-over"
          label={t('filters.over')}
          checked={over === 'true'}
          onChange={(checked) => onOverChange(checked ? 'true' : '')}
        />
      </div>
    </fieldset>
  );
}
