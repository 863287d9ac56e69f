// The change history of the shipment's dates: which date, before, after, when it changed (newest first).
import { useTranslation } from 'react-i18next';
import type { MilestoneDateChange } from '@portal/shared-api';
import { NS } from '../../i18n';
import { formatDate, formatTimestamp } from '../../lib/format';

const READINGS = ['planned_initial', 'planned_last', 'actual', 'detected', 'prediction'] as const;

/** 'pod_vessel_arrival_planned_last' → milestone label and reading label keys. */
function splitField(field: string): { milestone: string; n?: number; reading?: string } {
  const reading = READINGS.find((r) => field.endsWith(`_${r}`));
  const base = reading ? field.slice(0, -(reading.length + 1)) : field;
  const tsp = /^tsp(\d)_(.+)$/.exec(base);
  if (tsp) return { milestone: `tsp_${tsp[2]}`, n: Number(tsp[1]), reading };
  return { milestone: base, reading };
}

export function ChangeHistory({ changes }: { changes: readonly MilestoneDateChange[] }) {
  const { t } = useTranslation(NS);
  if (changes.length === 0) return <p className="shp-muted">{t('detail.history.empty')}</p>;
  const label = (field: string) => {
    const { milestone, n, reading } = splitField(field);
    const name = t(`milestones.${milestone}`, { n, defaultValue: milestone });
    return reading ? `${name} · ${t(`readings.${reading}`)}` : name;
  };
  return (
    <div className="shp-scroll">
      <table className="shp-history" data-testid="change-history">
        <thead>
          <tr>
            <th scope="col">{t('detail.history.field')}</th>
            <th scope="col">{t('detail.history.old')}</th>
            <th scope="col">{t('detail.history.new')}</th>
            <th scope="col">{t('detail.history.changedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.id}>
              <td>{label(c.field)}</td>
              <td className="shp-nowrap">{formatDate(c.old_value) || t('detail.history.none')}</td>
              <td className="shp-nowrap">{formatDate(c.new_value) || t('detail.history.none')}</td>
              <td className="shp-nowrap">{formatTimestamp(c.changed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
