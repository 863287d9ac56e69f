// The company's free-time rules as a table: scope (carrier · port · type, "Any" when open), free days per clock,
// how days count, the rates per tier in the rule's currency (in the user's language), and for managers the
// edit and delete buttons.
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { FreeTimeRule, FreeTimeTier } from './api';

function money(amount: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

export interface RulesTableProps {
  rules: FreeTimeRule[];
  canEdit: boolean;
  onEdit: (rule: FreeTimeRule) => void;
  onDelete: (rule: FreeTimeRule) => void;
}

/** Edit and delete; their flex box sits inside the cell (a flex <td> leaves the table's row layout). */
function RuleActions({
  rule,
  onEdit,
  onDelete,
}: Pick<RulesTableProps, 'onEdit' | 'onDelete'> & { rule: FreeTimeRule }) {
  const { t } = useTranslation(NS);
  return (
    <div className="ft-actions">
      <Button size="sm" variant="secondary" onClick={() => onEdit(rule)}>
        {t('freeTime.edit')}
      </Button>
      <Button size="sm" variant="danger" onClick={() => onDelete(rule)}>
        {t('freeTime.remove')}
      </Button>
    </div>
  );
}

export function RulesTable({ rules, canEdit, onEdit, onDelete }: RulesTableProps) {
  const { t, i18n } = useTranslation(NS);
  const any = t('freeTime.any');
  const tiers = (list: FreeTimeTier[], currency: string) =>
    list.length === 0
      ? t('freeTime.noTiers')
      : list
          .map((tier) => {
            const rate = money(tier.rate, currency, i18n.language);
            return tier.to_day === null
              ? t('freeTime.tierOpen', { from: tier.from_day, rate })
              : t('freeTime.tierText', { from: tier.from_day, to: tier.to_day, rate });
          })
          .join('; ');
  const columns = ['scope', 'freeDays', 'dayCount', 'tiers', 'currency', ...(canEdit ? ['actions'] : [])];
  // On a phone the rows are stacked as cards: each cell names its column (the header row is hidden there).
  const label = (c: string) => ({ 'data-label': t(`freeTime.columns.${c}`) });
  return (
    <div className="ft-table-wrap">
      <table className="ft-table" data-testid="ft-rules-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {t(`freeTime.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id} data-testid={`ft-rule-${rule.id}`}>
              <td {...label('scope')}>
                {t('freeTime.scope', {
                  carrier: rule.carrier_name ?? any,
                  port: rule.pod_locode ? `${rule.pod_name ?? ''} (${rule.pod_locode})`.trim() : any,
                  type: rule.container_type ?? any,
                })}
              </td>
              <td {...label('freeDays')}>
                {rule.mode === 'combined'
                  ? t('freeTime.freeCombined', { days: rule.combined_free_days })
                  : t('freeTime.freeSeparate', {
                      dem: rule.demurrage_free_days,
                      det: rule.detention_free_days,
                    })}
              </td>
              <td {...label('dayCount')}>{t(`freeTime.dayCounts.${rule.day_count}`)}</td>
              <td {...label('tiers')}>
                {rule.mode === 'combined' ? (
                  tiers(rule.combined_tiers, rule.currency)
                ) : (
                  // one child: on a phone the cell is a two-column grid (its label, then this)
                  <div>
                    <div>
                      {t('freeTime.form.demurrageTiers')}: {tiers(rule.demurrage_tiers, rule.currency)}
                    </div>
                    <div>
                      {t('freeTime.form.detentionTiers')}: {tiers(rule.detention_tiers, rule.currency)}
                    </div>
                  </div>
                )}
              </td>
              <td {...label('currency')}>{rule.currency}</td>
              {canEdit && (
                <td {...label('actions')}>
                  <RuleActions rule={rule} onEdit={onEdit} onDelete={onDelete} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
