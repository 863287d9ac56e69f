// The chart of a BI metric with ApexCharts, loaded lazily (its own chunk, only in this remote): stacked bars,
// side-by-side bars (isNotStacked), grouped bars for special-format metrics; labels cut at 13 characters with
// the full text in the tooltip; percent values ×100; 2 decimals. A click on a bar drills down to the shipment
// list with the clicked bar's filters where the metric has them.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type ApexChartsType from 'apexcharts';
import type { ChartResult, Lang, MetricDef } from '../../lib/bi-api';
import { chartOptions, opensSeriesOnly } from '../../lib/chart-options';
import { NS } from '../../i18n';

export interface BiChartProps {
  def: MetricDef;
  result: ChartResult;
  lang: Lang;
  /** Called with the shipment-list query string of a clicked bar. */
  onDrill: (query: string) => void;
  narrow: boolean;
}

export function BiChart({ def, result, lang, onDrill, narrow }: BiChartProps) {
  const { t } = useTranslation(NS);
  const host = useRef<HTMLDivElement>(null);
  const options = useMemo(
    () => chartOptions({ def, result, lang, narrow, onDrill, t }),
    [def, result, lang, narrow, onDrill, t],
  );

  useEffect(() => {
    let chart: ApexChartsType | null = null;
    let cancelled = false;
    void import(/* webpackChunkName: "apexcharts" */ 'apexcharts').then(({ default: ApexCharts }) => {
      if (cancelled || !host.current) return;
      chart = new ApexCharts(host.current, options);
      void chart.render();
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [options]);

  const drillable = result.drill.base !== null;
  const labelsOpen = opensSeriesOnly(result.drill);
  const grouping = def.columns[0]?.labels[lang].toLocaleLowerCase(lang) ?? '';
  return (
    <figure className="bi-chart" aria-label={t('chartLabel', { metric: def.labels[lang] })}>
      <div ref={host} data-testid="bi-chart" className="bi-chart__canvas" />
      <figcaption className="bi-chart__caption">
        {!def.hideTotal && result.total !== null && (
          <strong data-testid="bi-total">
            {t('total', { total: result.total.toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB') })}
          </strong>
        )}
        {drillable && (
          <span className="bi-chart__hint" data-testid="bi-drill-hint">
            {labelsOpen ? t('drillHintSeries', { grouping }) : t('drillHint')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
