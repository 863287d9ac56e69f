// Superusers' view of the carrier events the tracking engine set aside or recorded (GET rejected-events):
// invalid, unstorable, irrelevant, clamped and retracted events of every company, newest first, 30 a page,
// with filters (kind with its count, carrier, source, tracking request, received dates, search). Each row
// opens to the engine's reasons and the payload as received (carrier data and validator diagnostics, shown
// as technical detail).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Carrier, Query } from '@portal/shared-api';
import { keepPreviousData, queryKeys, useQuery } from '@portal/shared-api/queries';
import { formatTimestamp, Pager, Select, Table, TextInput, type TableColumn } from '@portal/shared-ui';
import { DateRangeFilter } from '@portal/shared-ui/lists';
import { REJECTED_KINDS, REJECTED_SOURCES } from '@portal/shared-api/domain';
import { REJECTED_PAGE_SIZE, rejectedApi, type RejectedEvent } from '../../lib/rejected-api';
import { NS } from '../../i18n';
import { BiFilterForm, CarrierSelect, notifyFailure } from '../filters/BiFilterForm';

interface Filters {
  kind: string;
  carrier: string;
  source: string;
  trackingRequest: string;
  search: string;
  after: string;
  before: string;
}

const EMPTY: Filters = {
  kind: '',
  carrier: '',
  source: '',
  trackingRequest: '',
  search: '',
  after: '',
  before: '',
};

function toQuery(f: Filters, page: number): Query {
  const q: Query = {};
  if (f.kind) q.kind = f.kind;
  if (f.carrier) q.carrier = f.carrier;
  if (f.source) q.source = f.source;
  if (f.trackingRequest.trim()) q.tracking_request = f.trackingRequest.trim();
  if (f.search.trim()) q.search = f.search.trim();
  if (f.after) q.received_after = f.after;
  if (f.before) q.received_before = f.before;
  if (page > 1) q.page = String(page);
  return q;
}

export interface RejectedEventsProps {
  carriers: Carrier[];
}

export function RejectedEvents({ carriers }: RejectedEventsProps) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  // every Search and Reset asks again, even with the same filters
  const [asked, setAsked] = useState(0);
  // the page shown stays (and the Search button busy) until the next one arrives
  const {
    data,
    error,
    isFetching: loading,
  } = useQuery({
    queryKey: [...queryKeys.bi.rejected, applied, page, asked],
    queryFn: ({ signal }) => rejectedApi.list(toQuery(applied, page), signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (error) notifyFailure(error);
  }, [error]);
  const load = (filters: Filters, nextPage: number) => {
    setApplied(filters);
    setPage(nextPage);
    setAsked((n) => n + 1);
  };

  const reset = () => {
    setDraft(EMPTY);
    load(EMPTY, 1);
  };

  const counts = data?.kind_counts;
  const kindOptions = [
    { value: '', label: t('rejected.allKinds') },
    ...REJECTED_KINDS.map((k) => ({
      value: k,
      label: counts ? `${t(`rejected.kind.${k}`)} (${counts[k]})` : t(`rejected.kind.${k}`),
    })),
  ];
  const sourceOptions = [
    { value: '', label: t('rejected.allSources') },
    ...REJECTED_SOURCES.map((s) => ({ value: s, label: t(`rejected.source.${s}`) })),
  ];
  const requestValid = /^\d{0,10}$/.test(draft.trackingRequest.trim());

  const columns: TableColumn<RejectedEvent>[] = [
    {
      key: 'received_at',
      header: t('rejected.col.received'),
      render: (r) => formatTimestamp(r.received_at),
      width: '9.5rem',
    },
    {
      key: 'kind',
      header: t('rejected.col.kind'),
      render: (r) => (
        <span className={`bi-kind bi-kind--${r.kind}`} title={t(`rejected.kindHelp.${r.kind}`)}>
          {t(`rejected.kind.${r.kind}`)}
        </span>
      ),
    },
    { key: 'carrier', header: t('carrier'), render: (r) => r.carrier?.short_name ?? '' },
    {
      key: 'tracking_request',
      header: t('rejected.col.request'),
      render: (r) =>
        r.tracking_request ? (
          <span className="bi-rejected__request">
            <span>
              {t(`rejected.codeType.${r.tracking_request.code_type}`)} {r.tracking_request.code_value}
            </span>
            <span className="bi-rejected__muted">
              #{r.tracking_request.id} · {r.tracking_request.company.name}
            </span>
          </span>
        ) : (
          <span className="bi-rejected__muted">{t('rejected.noRequest')}</span>
        ),
    },
    {
      key: 'event',
      header: t('rejected.col.event'),
      render: (r) => (
        <span className="bi-rejected__request">
          <span>
            {r.event_type ? t(`rejected.eventType.${r.event_type}`, { defaultValue: r.event_type }) : '—'}
          </span>
          {r.event_id && (
            <code className="bi-rejected__id" title={r.event_id}>
              {r.event_id}
            </code>
          )}
        </span>
      ),
    },
    { key: 'what', header: t('rejected.col.what'), render: (r) => t(`rejected.kindHelp.${r.kind}`) },
    { key: 'source', header: t('rejected.col.source'), render: (r) => t(`rejected.source.${r.source}`) },
  ];

  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / REJECTED_PAGE_SIZE));
  const filtered = Object.values(applied).some(Boolean);

  return (
    <div className="bi-rejected" data-testid="bi-rejected">
      <p className="bi-description">{t('rejected.intro')}</p>
      <BiFilterForm
        onUpdate={() => load(draft, 1)}
        onReset={reset}
        canUpdate={requestValid}
        loading={loading}
      >
        <Select
          id="rejected-kind"
          label={t('rejected.kindLabel')}
          options={kindOptions}
          value={draft.kind}
          onChange={(v) => setDraft((f) => ({ ...f, kind: v }))}
        />
        <CarrierSelect
          id="rejected-carrier"
          carriers={carriers}
          value={draft.carrier}
          onChange={(v) => setDraft((f) => ({ ...f, carrier: v }))}
        />
        <Select
          id="rejected-source"
          label={t('rejected.col.source')}
          options={sourceOptions}
          value={draft.source}
          onChange={(v) => setDraft((f) => ({ ...f, source: v }))}
        />
        <TextInput
          id="rejected-request"
          label={t('rejected.requestId')}
          inputMode="numeric"
          maxLength={10}
          value={draft.trackingRequest}
          error={requestValid ? undefined : t('rejected.requestIdInvalid')}
          onChange={(e) => setDraft((f) => ({ ...f, trackingRequest: e.target.value }))}
        />
        <TextInput
          id="rejected-search"
          label={t('rejected.search')}
          placeholder={t('rejected.searchHint')}
          maxLength={100}
          value={draft.search}
          onChange={(e) => setDraft((f) => ({ ...f, search: e.target.value }))}
        />
        <DateRangeFilter
          legend={t('rejected.receivedRange')}
          name="received"
          after={draft.after}
          before={draft.before}
          onChange={({ after, before }) => setDraft((f) => ({ ...f, after, before }))}
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
        emptyText={filtered ? t('rejected.emptyFiltered') : t('rejected.empty')}
        renderExpanded={(r) => (
          <div className="bi-rejected__detail">
            <h3>{t('rejected.reasons')}</h3>
            <ul>
              {r.reasons.map((reason, i) => (
                <li key={i}>
                  <code>{reason}</code>
                </li>
              ))}
            </ul>
            <h3>{t('rejected.payload')}</h3>
            <pre className="bi-rejected__payload">{r.payload}</pre>
            {r.payload_truncated && <p className="bi-rejected__muted">{t('rejected.truncated')}</p>}
            {r.event_created && (
              <p className="bi-rejected__muted">{t('rejected.eventCreated', { value: r.event_created })}</p>
            )}
          </div>
        )}
      />
      {data && data.count > REJECTED_PAGE_SIZE && (
        <Pager page={page} pageCount={pages} onPageChange={setPage} />
      )}
    </div>
  );
}
