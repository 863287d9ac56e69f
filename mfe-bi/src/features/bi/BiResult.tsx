// The result area of the BI page: a spinner while loading, an invitation before anything is asked, the failure,
// '0 Results to show', or the metric's table or chart (a bar opens the shipment list it counts).
import { useTranslation } from 'react-i18next';
import { Spinner, useIsMobile } from '@portal/shared-ui';
import { useNavigate } from '@portal/shared-ui/router';
import type { Lang } from '../../lib/bi-api';
import { isEmptyResult } from '../../lib/bi-draft';
import { NS } from '../../i18n';
import { BiChart } from './BiChart';
import { BiTable } from './BiTable';
import type { ShownView } from './use-bi-view';

export function BiResult({
  shown,
  draftMetric,
  lang,
  onPageChange,
}: {
  shown: ShownView;
  /** The metric chosen in the form: the result on screen belongs to the URL's, another one waits for Update. */
  draftMetric: string;
  lang: Lang;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation(NS);
  const narrow = useIsMobile();
  const navigate = useNavigate();
  const { request, applied, appliedDef, data } = shown;
  const loading = request !== null && data.isFetching;
  const result = data.data ?? null;
  const asked = request !== null && appliedDef !== undefined && draftMetric === request.metric;

  if (loading)
    return (
      <div className="bi-loading" data-testid="bi-loading">
        <Spinner size="lg" label={t('loading')} />
      </div>
    );
  if (!asked || !appliedDef || !applied)
    return (
      <div className="bi-invite" data-testid="bi-invite">
        <p className="bi-invite__title">{t('invite.title')}</p>
        <p>{t('invite.text')}</p>
      </div>
    );
  if (data.isError)
    return (
      <p className="bi-empty" data-testid="bi-failed">
        {t('loadFailed')}
      </p>
    );
  if (isEmptyResult(result) || !result)
    return (
      <p className="bi-empty" data-testid="bi-empty">
        {t('noResults')}
      </p>
    );
  if (result.kind === 'table')
    return (
      <BiTable
        result={result}
        lang={lang}
        page={applied.page}
        loading={loading}
        onPageChange={onPageChange}
      />
    );
  return (
    <BiChart
      def={appliedDef}
      result={result}
      lang={lang}
      narrow={narrow}
      onDrill={(query) => void navigate(`/shipments?${query}`)}
    />
  );
}
