import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ApexOptions } from 'apexcharts';
import { trackingLookupsApi, type Carrier } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@portal/shared-ui/router';
import '../i18n';
import { biApi, type Catalogue, type MetricResult } from '../lib/bi-api';
import { BiPage } from './BiPage';

// ApexCharts draws SVG that jsdom cannot measure: the chart is replaced by a recorder of what it was given, so
// a click on a bar is the chart's own dataPointSelection event with the options the page built.
const charts: ApexOptions[] = [];
jest.mock('apexcharts', () => ({
  __esModule: true,
  default: class {
    constructor(_el: unknown, options: ApexOptions) {
      charts.push(options);
    }
    render() {
      return Promise.resolve();
    }
    destroy() {}
  },
}));

const text = (en: string, es = en) => ({ en, es });
const metric = (over: Record<string, unknown>) => ({
  type: 'client',
  labels: text('Metric'),
  description: text('What it answers'),
  numericFilters: [],
  specialFormat: false,
  specialType: null,
  hideTotal: false,
  isNotStacked: false,
  entity: 'shipment',
  url: '',
  filters: ['carrier', 'pol_loc', 'pod_loc', 'created_at_range'],
  unit: 'count',
  schema: {},
  columns: [],
  ...over,
});
const CATALOGUE = {
  categories: [
    { key: 'real_time', type: 'client', labels: text('Real Time') },
    { key: 'shipments', type: 'client', labels: text('Shipments') },
  ],
  metrics: [
    metric({
      category: 'real_time',
      metric: 'active_by_stage',
      labels: text('Active containers by life stage'),
      columns: [{ key: 'label', labels: text('Life stage', 'Etapa'), type: 'text' }],
    }),
    metric({
      category: 'real_time',
      metric: 'arrivals_next_days',
      labels: text('Arrivals in the next days'),
      numericFilters: [{ name: 'dta', default: 7, min: 1, max: 365, labels: text('Days') }],
    }),
    metric({ category: 'shipments', metric: 'created_per_month', labels: text('Created per month') }),
  ],
} as unknown as Catalogue;

const STAGES = ['waiting_for_pickup', 'in_POD_terminal'];
const BY_STAGE = {
  kind: 'chart',
  unit: 'count',
  labels: STAGES,
  label_text: {
    en: ['waiting for pickup', 'in POD terminal'],
    es: ['esperando recogida', 'en terminal POD'],
  },
  datasets: [
    { key: 'ontrack', label: text('On track'), data: [2, 0] },
    { key: 'delayed', label: text('Later than expected'), data: [0, 3] },
  ],
  extras: [],
  total: 5,
  // as the API answers it: the list has no stage filter, so a stage adds an empty part
  drill: {
    base: { carrier: '3' },
    labels: [{}, {}],
    datasets: [{ health: 'ontrack' }, { health: 'delayed' }],
  },
} as unknown as MetricResult;

let location = '';
function Where() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}
let go: (delta: number) => void = () => undefined;
function History() {
  const navigate = useNavigate();
  go = (delta) => void navigate(delta);
  return null;
}

function mount(url = '/bi') {
  return render(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Where />
        <History />
        <Routes>
          <Route path="/bi" element={<BiPage />} />
          <Route path="/shipments" element={<p>shipment list</p>} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});

let data: jest.SpyInstance;
beforeEach(() => {
  charts.length = 0;
  jest.spyOn(biApi, 'catalogue').mockResolvedValue(CATALOGUE);
  jest.spyOn(trackingLookupsApi, 'carriers').mockResolvedValue([{ id: 3, short_name: 'MSC' } as Carrier]);
  data = jest.spyOn(biApi, 'data').mockResolvedValue(BY_STAGE);
});
afterEach(() => jest.restoreAllMocks());

/** The metric select, once the catalogue is in. */
const metricSelect = async () => {
  await screen.findByRole('option', { name: 'Real Time' });
  return screen.getByLabelText('Metric');
};
const lastChart = () => charts.at(-1)!;
const clickBar = (seriesIndex: number, dataPointIndex: number) =>
  act(() => {
    const events = lastChart().chart!.events!;
    events.dataPointSelection!(new MouseEvent('click'), undefined, {
      seriesIndex,
      dataPointIndex,
      w: { config: {}, globals: {} },
    });
  });

describe('the BI page', () => {
  it('opens on an invitation to choose, asks for no data and never says "0 Results to show"', async () => {
    mount();
    expect(await metricSelect()).toHaveValue('active_by_stage');
    expect(screen.getByTestId('bi-invite')).toHaveTextContent('press Update');
    expect(screen.queryByText('0 Results to show')).toBeNull();
    expect(data).not.toHaveBeenCalled();
  });

  it('Update puts the view in the URL; a life-stage bar drills down; Back brings the chart and filters again', async () => {
    mount();
    await metricSelect();
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'MSC' })).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(location).toBe('/bi?metric=active_by_stage&carrier=3');
    expect(data).toHaveBeenCalledWith('active_by_stage', { carrier: '3' }, expect.anything());
    // the hint does not promise a stage filter the list does not have
    expect(screen.getByTestId('bi-drill-hint')).toHaveTextContent('no life stage filter');

    // the 'later than expected' part of the 'in POD terminal' bar
    clickBar(1, 1);
    await screen.findByText('shipment list');
    expect(location).toBe('/shipments?carrier=3&health=delayed');

    act(() => go(-1));
    expect(await metricSelect()).toHaveValue('active_by_stage');
    expect(screen.getByLabelText('Carrier')).toHaveValue('3');
    await waitFor(() => expect(charts.length).toBeGreaterThan(1));
    expect(screen.getByTestId('bi-total')).toHaveTextContent('Total: 5');
    // from the page's cache: not asked again
    expect(data).toHaveBeenCalledTimes(1);
  });

  it('a shared URL opens its chart with its filters', async () => {
    mount('/bi?metric=created_per_month&carrier=3&created_at_range_after=2026-01-01');
    expect(await metricSelect()).toHaveValue('created_per_month');
    expect(screen.getByLabelText('Category')).toHaveValue('shipments');
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(data).toHaveBeenCalledWith(
      'created_per_month',
      { carrier: '3', created_at_range_after: '2026-01-01' },
      expect.anything(),
    );
  });

  it('a bar whose label drills down opens exactly that bar', async () => {
    data.mockResolvedValue({
      ...BY_STAGE,
      drill: {
        base: {},
        labels: [{ created_at_after: '2026-01-01' }, { created_at_after: '2026-02-01' }],
        datasets: [{ carrier: '3' }, { carrier: '4' }],
      },
    });
    mount('/bi?metric=created_per_month');
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(screen.getByTestId('bi-drill-hint')).toHaveTextContent('Click a bar to open those shipments');
    clickBar(0, 1);
    await screen.findByText('shipment list');
    expect(location).toBe('/shipments?created_at_after=2026-02-01&carrier=3');
  });

  it('says "0 Results to show" only for an answer without labels', async () => {
    data.mockResolvedValue({ ...BY_STAGE, labels: [], datasets: [], total: 0 });
    mount('/bi?metric=active_by_stage');
    expect(await screen.findByTestId('bi-empty')).toHaveTextContent('0 Results to show');
  });

  it('Reset empties the URL and invites again', async () => {
    mount('/bi?metric=active_by_stage&carrier=3');
    await waitFor(() => expect(charts).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await screen.findByTestId('bi-invite');
    expect(location).toBe('/bi');
    expect(screen.getByLabelText('Carrier')).toHaveValue('');
    expect(screen.getByLabelText('Metric')).toHaveValue('active_by_stage');
  });

  it('numeric filters are number inputs that refuse decimals, 0, empty text and too much', async () => {
    mount('/bi?metric=arrivals_next_days');
    const days = await screen.findByLabelText('Days');
    expect(days).toHaveAttribute('type', 'number');
    expect(days).toHaveAttribute('min', '1');
    expect(days).toHaveAttribute('max', '365');
    expect(days).toHaveValue(7);
    const update = screen.getByRole('button', { name: 'Update' });
    for (const bad of ['2.5', '0', '', '366', '12345678901']) {
      fireEvent.change(days, { target: { value: bad } });
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 365.');
      expect(update).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    }
    fireEvent.change(days, { target: { value: '30' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(update);
    await waitFor(() => expect(location).toBe('/bi?metric=arrivals_next_days&dta=30'));
    await waitFor(() =>
      expect(data).toHaveBeenLastCalledWith('arrivals_next_days', { dta: '30' }, expect.anything()),
    );
  });

  it('Update on the view already shown asks for it again', async () => {
    mount('/bi?metric=active_by_stage');
    await waitFor(() => expect(charts).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(data).toHaveBeenCalledTimes(2));
    expect(location).toBe('/bi?metric=active_by_stage');
  });
});
