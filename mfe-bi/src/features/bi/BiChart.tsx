// The chart of a BI metric with ApexCharts, loaded lazily (its own chunk, only in this remote): stacked bars,
// side-by-side bars (isNotStacked), grouped bars for special-format metrics; labels cut at 13 characters with
// the full text in the tooltip; percent values ×100; 2 decimals. A click on a bar drills down to the shipment
// list with the clicked bar's filters where the metric has them.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type ApexChartsType from 'apexcharts';
import type { ApexOptions } from 'apexcharts';
import type { ChartResult, Lang, MetricDef } from '../../lib/bi-api';
import { axisTitleKey, cutLabel, drillQuery, formatValue, scale, smallCountAxis } from '../../lib/format';
import { NS } from '../../i18n';

export interface BiChartProps {
  def: MetricDef;
  result: ChartResult;
  lang: Lang;
  /** Called with the shipment-list query string of a clicked bar. */
  onDrill: (query: string) => void;
  narrow: boolean;
}

const PALETTE = [
  '#2e7d32',
  '#f9a825',
  '#c62828',
  '#1565c0',
  '#6a1b9a',
  '#00838f',
  '#ef6c00',
  '#5d4037',
  '#ad1457',
  '#455a64',
];
const HEALTH_COLOURS: Record<string, string> = { ontrack: '#2e7d32', delayed: '#f9a825', alerted: '#c62828' };

export function BiChart({ def, result, lang, onDrill, narrow }: BiChartProps) {
  const { t } = useTranslation(NS);
  const host = useRef<HTMLDivElement>(null);
  const full = result.label_text[lang];
  const stacked = !def.isNotStacked && !def.specialFormat && result.datasets.length > 1;
  const options = useMemo((): ApexOptions => {
    const unit = result.unit;
    const series = result.datasets.map((d) => ({
      name: d.label[lang],
      data: d.data.map((v) => scale(v, unit)),
    }));
    const countAxis = smallCountAxis(
      series.map((s) => s.data),
      unit,
      stacked,
    );
    const colours = result.datasets.map((d, i) => HEALTH_COLOURS[d.key] ?? PALETTE[(i + 3) % PALETTE.length]);
    return {
      chart: {
        type: 'bar' as const,
        height: narrow ? 360 : 420,
        stacked,
        toolbar: { show: false },
        animations: { enabled: false },
        fontFamily: 'inherit',
        events: {
          dataPointSelection: (_e, _c, cfg) => {
            if (!cfg) return;
            const query = drillQuery(
              result.drill.base,
              result.drill.labels[cfg.dataPointIndex],
              result.drill.datasets[cfg.seriesIndex],
            );
            if (query !== null) onDrill(query);
          },
        },
      },
      colors: colours,
      plotOptions: { bar: { horizontal: false, columnWidth: def.specialFormat ? '70%' : '60%' } },
      dataLabels: { enabled: false },
      legend: { position: 'bottom' as const, fontSize: narrow ? '11px' : '12px' },
      series,
      xaxis: {
        categories: full.map((l) => cutLabel(l)),
        labels: {
          rotate: -45,
          rotateAlways: narrow || full.length > 8,
          hideOverlappingLabels: false,
          trim: false,
        },
      },
      yaxis: {
        labels: { formatter: (v: number) => formatValue(v, unit, lang) },
        title: { text: t(axisTitleKey(unit, def.entity)) },
        max: unit === 'percent' ? 100 : countAxis?.max,
        min: unit === 'percent' ? 0 : countAxis?.min,
        tickAmount: countAxis?.tickAmount,
      },
      tooltip: {
        // Every series of the hovered label (planned and actual side by side, the carriers of a month).
        shared: result.datasets.length > 1,
        intersect: result.datasets.length <= 1,
        x: { formatter: (_v: unknown, o?: { dataPointIndex: number }) => full[o?.dataPointIndex ?? 0] ?? '' },
        y: { formatter: (v: number | null) => formatValue(v, unit, lang) },
      },
      noData: { text: t('noResults') },
    };
  }, [def, result, lang, narrow, stacked, full, onDrill, t]);

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
  // A click that adds nothing for its label (the list has no filter for what the bars are grouped by, e.g. the
  // life stage) opens the list on the clicked series only: the hint says so rather than promise those shipments.
  const labelsOpen =
    result.drill.labels.length > 0 &&
    result.drill.labels.every((l) => l !== null && Object.keys(l).length === 0) &&
    result.drill.datasets.some((d) => d !== null && Object.keys(d).length > 0);
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
