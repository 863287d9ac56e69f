// The company's overrides: which numbers, the prefix and the carrier it names, and a delete button per row.
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { CarrierPrefixOverride } from './api';

export interface OverridesTableProps {
  overrides: CarrierPrefixOverride[];
  onDelete: (override: CarrierPrefixOverride) => void;
}

export function OverridesTable({ overrides, onDelete }: OverridesTableProps) {
  const { t } = useTranslation(NS);
  return (
    <table className="cpo-table" data-testid="cpo-table">
      <thead>
        <tr>
          <th scope="col">{t('carrierPrefixes.columns.kind')}</th>
          <th scope="col">{t('carrierPrefixes.columns.prefix')}</th>
          <th scope="col">{t('carrierPrefixes.columns.carrier')}</th>
          <th scope="col">
            <span className="pui-visually-hidden">{t('carrierPrefixes.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {overrides.map((o) => (
          <tr key={o.id} data-testid={`cpo-row-${o.kind}-${o.prefix}`}>
            <td>{t(`carrierPrefixes.kinds.${o.kind}`)}</td>
            <td className="cpo-code">{o.prefix}</td>
            <td className="cpo-carrier">
              {o.carrier.official_name} ({o.carrier.scac})
            </td>
            <td className="cpo-actions">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onDelete(o)}
                aria-label={t('carrierPrefixes.removeLabel', { prefix: o.prefix })}
                data-testid={`cpo-delete-${o.id}`}
              >
                {t('carrierPrefixes.remove')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
