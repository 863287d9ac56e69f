// The ApexCharts options of a BI chart (no screen here): bar layout, colours, axes, tooltips and the drill-down
// of a clicked bar; and whether a click opens the list on the clicked series only.
import type { ApexOptions } from 'apexcharts';
import type { ChartResult, Lang, MetricDef } from './bi-api';
import { axisTitleKey, cutLabel, drillQuery, formatValue, scale, smallCountAxis } from './format';

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

export interface ChartInput {
  def: MetricDef;
  result: ChartResult;
  lang: Lang;
  narrow: boolean;
  /** Called with the shipment-list query string of a clicked bar. */
  onDrill: (query: string) => void;
  t: (key: string) => string;
}

/** Stacked bars, unless the metric asks for them side by side or grouped, or it has one series. */
export const isStacked = (def: MetricDef, result: ChartResult) =>
  !def.isNotStacked && !def.specialFormat && result.datasets.length > 1;

/** A series' colour: the health colours by key, else the palette from its fourth colour on. */
export const seriesColours = (result: ChartResult) =>
  result.datasets.map((d, i) => HEALTH_COLOURS[d.key] ?? PALETTE[(i + 3) % PALETTE.length]);

/** The chart's click handler: the clicked bar's shipment-list query, when the metric has one. */
const onBarClick =
  (result: ChartResult, onDrill: (query: string) => void) =>
  (_e: unknown, _c: unknown, cfg?: { dataPointIndex: number; seriesIndex: number }) => {
    if (!cfg) return;
    const query = drillQuery(
      result.drill.base,
      result.drill.labels[cfg.dataPointIndex],
      result.drill.datasets[cfg.seriesIndex],
    );
    if (query !== null) onDrill(query);
  };

export function chartOptions({ def, result, lang, narrow, onDrill, t }: ChartInput): ApexOptions {
  const unit = result.unit;
  const full = result.label_text[lang];
  const stacked = isStacked(def, result);
  const series = result.datasets.map((d) => ({
    name: d.label[lang],
    data: d.data.map((v) => scale(v, unit)),
  }));
  const countAxis = smallCountAxis(
    series.map((s) => s.data),
    unit,
    stacked,
  );
  return {
    chart: {
      type: 'bar' as const,
      height: narrow ? 360 : 420,
      stacked,
      toolbar: { show: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      events: { dataPointSelection: onBarClick(result, onDrill) },
    },
    colors: seriesColours(result),
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
}

/**
 * A click that adds nothing for its label (the list has no filter for what the bars are grouped by, e.g. the
 * life stage) opens the list on the clicked series only: the hint then says so rather than promise those shipments.
 */
export const opensSeriesOnly = (drill: ChartResult['drill']) =>
  drill.labels.length > 0 &&
  drill.labels.every((l) => l !== null && Object.keys(l).length === 0) &&
  drill.datasets.some((d) => d !== null && Object.keys(d).length > 0);
