// The filter fields of the rejected-events view: kind (with its count), carrier, source, tracking request id,
// search and the received dates.
import { useTranslation } from 'react-i18next';
import type { Carrier } from '@portal/shared-api';
import { Select, TextInput } from '@portal/shared-ui';
import { DateRangeFilter } from '@portal/shared-ui/lists';
import { REJECTED_KINDS, REJECTED_SOURCES } from '@portal/shared-api/domain';
import { NS } from '../../i18n';
import { CarrierSelect } from '../filters/BiFilterForm';
import type { RejectedFilters } from './rejected-filters';

export function RejectedFilterFields({
  draft,
  setDraft,
  carriers,
  counts,
  requestValid,
}: {
  draft: RejectedFilters;
  setDraft: (change: (f: RejectedFilters) => RejectedFilters) => void;
  carriers: Carrier[];
  counts: Record<(typeof REJECTED_KINDS)[number], number> | undefined;
  requestValid: boolean;
}) {
  const { t } = useTranslation(NS);
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
  return (
    <>
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
    </>
  );
}
