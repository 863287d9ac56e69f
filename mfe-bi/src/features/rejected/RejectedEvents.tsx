// Superusers' view of the carrier events the tracking engine set aside or recorded (GET rejected-events):
// invalid, unstorable, irrelevant, clamped and retracted events of every company, newest first, 30 a page,
// with filters (kind with its count, carrier, source, tracking request, received dates, search). Each row
// opens to the engine's reasons and the payload as received (carrier data and validator diagnostics, shown
// as technical detail).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Carrier } from '@portal/shared-api';
import { Pager, Table } from '@portal/shared-ui';
import { REJECTED_PAGE_SIZE } from '../../lib/rejected-api';
import { NS } from '../../i18n';
import { BiFilterForm } from '../filters/BiFilterForm';
import { RejectedDetail } from './RejectedDetail';
import { RejectedFilterFields } from './RejectedFilterFields';
import { EMPTY_REJECTED_FILTERS, isFiltered, requestIdValid, type RejectedFilters } from './rejected-filters';
import { useRejectedColumns } from './use-rejected-columns';
import { useRejectedEvents } from './use-rejected-events';

export interface RejectedEventsProps {
  carriers: Carrier[];
}

export function RejectedEvents({ carriers }: RejectedEventsProps) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState<RejectedFilters>(EMPTY_REJECTED_FILTERS);
  const { data, loading, applied, page, setPage, load } = useRejectedEvents(EMPTY_REJECTED_FILTERS);
  const columns = useRejectedColumns();

  const reset = () => {
    setDraft(EMPTY_REJECTED_FILTERS);
    load(EMPTY_REJECTED_FILTERS, 1);
  };
  const requestValid = requestIdValid(draft.trackingRequest);
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / REJECTED_PAGE_SIZE));

  return (
    <div className="bi-rejected" data-testid="bi-rejected">
      <p className="bi-description">{t('rejected.intro')}</p>
      <BiFilterForm
        onUpdate={() => load(draft, 1)}
        onReset={reset}
        canUpdate={requestValid}
        loading={loading}
      >
        <RejectedFilterFields
          draft={draft}
          setDraft={setDraft}
          carriers={carriers}
          counts={data?.kind_counts}
          requestValid={requestValid}
        />
      </BiFilterForm>

      <p className="bi-table__count" aria-live="polite">
        {data ? t('rejected.count', { count: data.count }) : ''}
      </p>
      <Table
        columns={columns}
        rows={data?.results ?? []}
        rowKey={(r) => r.id}
        loading={loading}
        caption={t('rejected.tab')}
        emptyText={isFiltered(applied) ? t('rejected.emptyFiltered') : t('rejected.empty')}
        renderExpanded={(r) => <RejectedDetail r={r} />}
      />
      {data && data.count > REJECTED_PAGE_SIZE && (
        <Pager page={page} pageCount={pages} onPageChange={setPage} />
      )}
    </div>
  );
}
