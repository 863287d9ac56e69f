// A table metric: 30 rows a page (spec section 9), Previous/Next with 'Page X of Y'; ids link to the shipment.
import { useTranslation } from 'react-i18next';
import { Pager, Table, type TableColumn } from '@portal/shared-ui';
import { useShipmentHealthText } from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import type { Lang, TableResult } from '../../lib/bi-api';
import { formatMoney, formatValue } from '../../lib/format';
import { NS } from '../../i18n';

type Row = TableResult['results'][number];

export interface BiTableProps {
  result: TableResult;
  lang: Lang;
  /** From 0. */
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
}

export function BiTable({ result, lang, page, onPageChange, loading }: BiTableProps) {
  const { t } = useTranslation(NS);
  const healthText = useShipmentHealthText();
  const pages = Math.max(1, Math.ceil(result.count / result.page_size));
  const columns: TableColumn<Row>[] = result.columns.map((c) => ({
    key: c.key,
    header: c.labels[lang],
    render: (row: Row) => {
      const v = row[c.key];
      if (v === null || v === undefined) return '';
      if (c.key === 'id') return <Link to={`/shipments/${v}`}>{v}</Link>;
      if (c.key === 'health') return healthText(String(v));
      if (c.key === 'place') return t(`place.${v}`, { defaultValue: String(v) });
      // A date never wraps in two (2026-12-/16).
      if (c.type === 'date') return <span className="bi-nowrap">{String(v).slice(0, 10)}</span>;
      // Money is in the row's own currency: a row never mixes two, and rows are never added across them.
      if (c.type === 'money' && typeof v === 'number')
        return (
          <span className="bi-nowrap">
            {formatMoney(v, typeof row.currency === 'string' ? row.currency : null, lang) ??
              t('money.noTariff')}
          </span>
        );
      if (c.type === 'number' && typeof v === 'number')
        return <span className="bi-nowrap">{formatValue(v, 'days', lang)}</span>;
      return String(v);
    },
  }));
  return (
    <div className="bi-table" data-testid="bi-table">
      <p className="bi-table__count">{t('rows', { count: result.count })}</p>
      {result.columns.some((c) => c.type === 'money') && (
        <p className="bi-table__note" data-testid="bi-money-note">
          {t('money.perCurrency')}
        </p>
      )}
      <Table
        columns={columns}
        rows={result.results}
        rowKey={(r) => String(r.id)}
        loading={loading}
        caption={t('title')}
      />
      {result.count > result.page_size && (
        <Pager page={page + 1} pageCount={pages} onPageChange={(p) => onPageChange(p - 1)} />
      )}
    </div>
  );
}
