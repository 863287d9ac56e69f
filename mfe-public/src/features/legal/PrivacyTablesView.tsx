// The privacy page's two tables: basic information (first layer) and detailed information.
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import type { PrivacyTables } from './legal-types';

export function PrivacyTablesView({ tables }: { tables: PrivacyTables }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <h2>{t('privacy.basicTitle')}</h2>
      <div className="pub-table-wrap">
        <table className="pub-table" data-testid="privacy-basic-table">
          <thead>
            <tr>
              <th scope="col">{t('privacy.item')}</th>
              <th scope="col">{t('privacy.summary')}</th>
            </tr>
          </thead>
          <tbody>
            {tables.basic.map((row) => (
              <tr key={row.item}>
                <th scope="row">{row.item}</th>
                <td>{row.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t('privacy.detailTitle')}</h2>
      <div className="pub-table-wrap">
        <table className="pub-table" data-testid="privacy-detailed-table">
          <thead>
            <tr>
              <th scope="col">{t('privacy.item')}</th>
              <th scope="col">{t('privacy.details')}</th>
            </tr>
          </thead>
          <tbody>
            {tables.detailed.map((row) => (
              <tr key={row.item}>
                <th scope="row">{row.item}</th>
                <td>
                  {row.details.map((d) => (
                    <p key={d}>{d}</p>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
