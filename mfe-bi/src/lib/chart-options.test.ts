import type { ChartResult, MetricDef } from './bi-api';
import { chartOptions, isStacked, opensSeriesOnly, seriesColours } from './chart-options';

const def = (over: Partial<MetricDef> = {}) =>
  ({ isNotStacked: false, specialFormat: false, entity: 'shipment', ...over }) as MetricDef;
const result = (over: Partial<ChartResult> = {}) =>
  ({
    kind: 'chart',
    unit: 'percent',
    labels: ['a', 'b'],
    label_text: { en: ['Alpha', 'A very long label text'], es: ['Alfa', 'Beta'] },
    datasets: [
      { key: 'ontrack', label: { en: 'On track', es: 'A tiempo' }, data: [0.5, 0.25] },
      { key: 'other', label: { en: 'Other', es: 'Otro' }, data: [0.1, null] },
    ],
    drill: {
      base: { status: 'active' },
      labels: [{ a: '1' }, { a: '2' }],
      datasets: [{ health: 'ontrack' }, null],
    },
    total: null,
    ...over,
  }) as unknown as ChartResult;

describe('BI chart options', () => {
  it('stacks several series unless the metric says otherwise', () => {
    expect(isStacked(def(), result())).toBe(true);
    expect(isStacked(def({ isNotStacked: true }), result())).toBe(false);
    expect(isStacked(def({ specialFormat: true }), result())).toBe(false);
    expect(isStacked(def(), result({ datasets: result().datasets.slice(0, 1) }))).toBe(false);
  });

  it('colours health series by key and the others from the palette', () => {
    expect(seriesColours(result())).toEqual(['#2e7d32', '#6a1b9a']);
  });

  it('scales percent values, cuts labels and keeps the full text for the tooltip', () => {
    const options = chartOptions({
      def: def(),
      result: result(),
      lang: 'en',
      narrow: false,
      onDrill: jest.fn(),
      t: (k) => k,
    });
    expect(options.series).toEqual([
      { name: 'On track', data: [50, 25] },
      { name: 'Other', data: [10, null] },
    ]);
    expect(options.yaxis).toMatchObject({ max: 100, min: 0 });
    expect((options.xaxis?.categories as string[])[0]).toBe('Alpha');
    expect((options.xaxis?.categories as string[])[1].length).toBeLessThan('A very long label text'.length);
    const x = options.tooltip?.x as { formatter: (v: unknown, o: { dataPointIndex: number }) => string };
    expect(x.formatter(null, { dataPointIndex: 1 })).toBe('A very long label text');
  });

  it('drills down with the clicked bar’s filters', () => {
    const onDrill = jest.fn();
    const options = chartOptions({
      def: def(),
      result: result(),
      lang: 'en',
      narrow: true,
      onDrill,
      t: (k) => k,
    });
    const events = options.chart?.events as {
      dataPointSelection: (e: unknown, c: unknown, cfg?: object) => void;
    };
    const click = (cfg?: object) => events.dataPointSelection(null, null, cfg);
    click({ dataPointIndex: 1, seriesIndex: 0 });
    expect(onDrill).toHaveBeenCalledTimes(1);
    expect(onDrill.mock.calls[0][0]).toContain('status=active');
    click(undefined);
    expect(onDrill).toHaveBeenCalledTimes(1);
    expect(options.chart?.height).toBe(360);
  });

  it('knows when a click opens the clicked series only', () => {
    expect(opensSeriesOnly(result().drill)).toBe(false);
    expect(opensSeriesOnly({ base: 'x', labels: [{}, {}], datasets: [{ health: 'ontrack' }] } as never)).toBe(
      true,
    );
    expect(opensSeriesOnly({ base: 'x', labels: [{}, {}], datasets: [null] } as never)).toBe(false);
    expect(opensSeriesOnly({ base: 'x', labels: [], datasets: [{ health: 'x' }] } as never)).toBe(false);
  });
});
