// The map's legend and filter bar as a user meets them: the legend names the three families of markers (with
// their colours), group sizes, single markers and vessels in the user's language; the filters write search,
// health and ports into the URL, and Reset, only active once something is filtered, clears them all.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter, useLocation } from '@portal/shared-ui/router';
import { useUrlFilters } from '@portal/shared-ui/lists';
import '../../i18n';
import { MAP_FILTERS } from './filters';
import { MapFilters } from './MapFilters';
import { MapLegend } from './MapLegend';
import { FAMILY_COLORS } from './palette';

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  await act(() => i18next.changeLanguage('es'));
});

describe('the legend', () => {
  const entries = () =>
    [...screen.getByTestId('map-legend').querySelectorAll('li')].map((li) => li.textContent);

  it('names each kind of marker in the user language', async () => {
    render(<MapLegend />);
    expect(screen.getByText('Leyenda').tagName).toBe('SUMMARY');
    expect(entries()).toEqual([
      'En plazo',
      'Con retraso (incluye un contenedor retrasado)',
      'Atención (incluye un contenedor con alerta)',
      'Grupo de contenedores: el número indica cuántos; más grande, más contenedores',
      'Un contenedor (acerque el zoom más allá del nivel 4)',
      'Buque que lleva sus contenedores',
    ]);
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText('Legend')).toBeInTheDocument();
    expect(entries()[1]).toBe('Late (holds a delayed container)');
    expect(entries()[5]).toBe('Vessel carrying your containers');
  });

  it('shows each family in the colour its markers are drawn in', () => {
    render(<MapLegend />);
    const swatches = [...screen.getByTestId('map-legend').querySelectorAll<HTMLElement>('li > span')].slice(
      0,
      3,
    );
    const color = (hex: string) => {
      const probe = document.createElement('span');
      probe.style.background = hex;
      return probe.style.background;
    };
    expect(swatches.map((s) => s.style.background)).toEqual([
      color(FAMILY_COLORS.ontrack),
      color(FAMILY_COLORS.late),
      color(FAMILY_COLORS.attention),
    ]);
  });

  it('folds when an info window opens, and stays as the user left it when the window closes', () => {
    const { rerender } = render(<MapLegend folded />);
    const legend = screen.getByTestId<HTMLDetailsElement>('map-legend');
    expect(legend.open).toBe(false);
    legend.open = true;
    rerender(<MapLegend folded={false} />);
    expect(legend.open).toBe(true);
    rerender(<MapLegend folded />);
    expect(legend.open).toBe(false);
  });
});

describe('the filter bar', () => {
  function Bar() {
    const filters = useUrlFilters(MAP_FILTERS);
    return (
      <>
        <MapFilters filters={filters} />
        <output data-testid="url">{useLocation().search}</output>
      </>
    );
  }
  const renderBar = (url = '/map-locations') =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Bar />
      </MemoryRouter>,
    );
  const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');
  const reset = () => screen.getByTestId('map-filter-reset');

  afterEach(() => jest.useRealTimers());

  it('labels its fields in the user language', async () => {
    renderBar();
    const bar = screen.getByTestId('map-filters');
    expect(bar).toHaveAccessibleName('Filtros del mapa');
    expect(within(bar).getByLabelText('Buscar')).toHaveAttribute(
      'placeholder',
      'Contenedor, booking, B/L, buque, puerto…',
    );
    expect(within(bar).getByLabelText('POL')).toHaveAttribute('placeholder', 'Puerto o UN/LOCODE');
    expect(reset()).toHaveTextContent('Restablecer filtros');
    await act(() => i18next.changeLanguage('en'));
    expect(bar).toHaveAccessibleName('Map filters');
    expect(within(bar).getByLabelText('Search')).toBeInTheDocument();
    expect(reset()).toHaveTextContent('Reset filters');
  });

  it('puts a chosen health in the URL at once and typed ports after the pause', () => {
    jest.useFakeTimers();
    renderBar();
    expect(reset()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Salud'), { target: { value: 'alerted' } });
    expect(url().get('health')).toBe('alerted');
    expect(reset()).toBeEnabled();
    fireEvent.change(screen.getByTestId('map-filter-pod'), { target: { value: 'CNSHA' } });
    expect(url().get('pod_loc')).toBeNull();
    act(() => jest.advanceTimersByTime(500));
    expect(url().get('pod_loc')).toBe('CNSHA');
  });

  it('opens with the filters of the URL, and Reset clears them all', () => {
    renderBar('/map-locations?search=MSCU&health=delayed&pol_loc=ESVLC');
    expect(screen.getByTestId('map-filter-search')).toHaveValue('MSCU');
    expect(screen.getByLabelText('Salud')).toHaveValue('delayed');
    expect(screen.getByTestId('map-filter-pol')).toHaveValue('ESVLC');
    expect(reset()).toBeEnabled();
    fireEvent.click(reset());
    expect(url().toString()).toBe('');
    expect(screen.getByTestId('map-filter-search')).toHaveValue('');
    expect(screen.getByTestId('map-filter-pol')).toHaveValue('');
    expect(reset()).toBeDisabled();
  });
});
