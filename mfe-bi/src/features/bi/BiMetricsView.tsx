// The metrics view of the BI page: category and metric selectors, the metric's description, its filters with
// Update / Reset / Export, and the result.
import { useTranslation } from 'react-i18next';
import type { Carrier } from '@portal/shared-api';
import { Button, Select } from '@portal/shared-ui';
import type { Catalogue, Lang } from '../../lib/bi-api';
import { numericValid } from '../../lib/bi-url';
import { NS } from '../../i18n';
import { BiFilterFields } from '../filters/BiFilterFields';
import { BiFilterForm } from '../filters/BiFilterForm';
import { BiResult } from './BiResult';
import type { BiActions, BiDraft, ShownView } from './use-bi-view';

export function BiMetricsView({
  catalogue,
  carriers,
  lang,
  shown,
  form,
  actions,
}: {
  catalogue: Catalogue | null;
  carriers: Carrier[];
  lang: Lang;
  shown: ShownView;
  form: BiDraft;
  actions: BiActions;
}) {
  const { t } = useTranslation(NS);
  const { draft, def, metrics, setFilters } = form;
  const invalid = def ? !numericValid(def, draft.filters) : false;
  const loading = shown.request !== null && shown.data.isFetching;
  const categoryOptions = (catalogue?.categories ?? []).map((c) => ({ value: c.key, label: c.labels[lang] }));
  const metricOptions = metrics.map((m) => ({ value: m.metric, label: m.labels[lang] }));

  return (
    <>
      <div className="bi-selectors">
        <Select
          id="bi-category"
          label={t('category')}
          options={categoryOptions}
          value={draft.category}
          onChange={form.chooseCategory}
        />
        <Select
          id="bi-metric"
          label={t('metric')}
          options={metricOptions}
          value={draft.metric}
          onChange={form.chooseMetric}
        />
      </div>
      {def && <p className="bi-description">{def.description[lang]}</p>}

      <BiFilterForm
        onUpdate={actions.update}
        onReset={actions.reset}
        canUpdate={!!def && !invalid}
        loading={loading}
        actions={
          <Button
            type="button"
            variant="secondary"
            disabled={!def || invalid}
            busy={actions.exporting}
            onClick={() => void actions.exportFile()}
          >
            {t('export')}
          </Button>
        }
      >
        <BiFilterFields
          def={def}
          filters={draft.filters}
          setFilters={setFilters}
          carriers={carriers}
          lang={lang}
        />
      </BiFilterForm>

      <div className="bi-result" aria-live="polite">
        <BiResult shown={shown} draftMetric={draft.metric} lang={lang} onPageChange={actions.changePage} />
      </div>
    </>
  );
}
