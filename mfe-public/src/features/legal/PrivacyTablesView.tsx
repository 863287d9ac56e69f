// The privacy page's two tables: basic information (first layer) and detailed information.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import type { PrivacyTables } from './legal-types';

interface ItemTableProps {
  title: string;
  testId: string;
  /** Header of the second column (the first is the item). */
  header: string;
  rows: Array<{ item: string; cell: ReactNode }>;
}

/** A titled two-column table: the item (a row header), then what is said about it. */
function ItemTable({ title, testId, header, rows }: ItemTableProps) {
  const { t } = useTranslation(NS);
  return (
    <>
      <h2>{title}</h2>
      <div className="pub-table-wrap">
        <table className="pub-table" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{t('privacy.item')}</th>
              <th scope="col">{header}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.item}>
                <th scope="row">{row.item}</th>
                <td>{row.cell}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function PrivacyTablesView({ tables }: { tables: PrivacyTables }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <ItemTable
        title={t('privacy.basicTitle')}
        testId="privacy-basic-table"
        header={t('privacy.summary')}
        rows={tables.basic.map((row) => ({ item: row.item, cell: row.summary }))}
      />
      <ItemTable
        title={t('privacy.detailTitle')}
        testId="privacy-detailed-table"
        header={t('privacy.details')}
        rows={tables.detailed.map((row) => ({
          item: row.item,
          cell: row.details.map((d) => <p key={d}>{d}</p>),
        }))}
      />
    </>
  );
}
