// The list of what is on screen, as a user reads it: each container with its health, status, route and carrier
// in the user's language, a count of those left out, a message when nothing is in view or the details could not
// be read, and a new reading once the view has settled after a move (not on every frame of it). The OpenLayers
// map is a handle reporting the points in view; the details call is the module's seam; timers are fake.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import '../../i18n';
import { mapApi, type PointDetail } from '../../lib/map-api';
import { decodeMapData } from './cluster';
import type { WhereMapHandle } from './create-where-map';
import { VisibleList } from './VisibleList';

const DATA = decodeMapData({
  count: 3,
  id: [11, 12, 13],
  lng: [-0.3, 121.5, 4.1],
  lat: [39.4, 31.2, 51.9],
  health: [0, 2, 1],
  vessel: [-1, -1, -1],
  vessels: [],
});

function detail(id: number, container: string, over: Partial<PointDetail> = {}): PointDetail {
  return {
    id,
    container_number: container,
    carrier: 'MSC',
    status_text: 'in POD terminal',
    pol: { name: 'Valencia', locode: 'ESVLC' },
    pod: { name: 'Shanghai', locode: 'CNSHA' },
    eta: null,
    ata: null,
    health: 'ontrack',
    vessel: null,
    next_port: null,
    free_time: null,
    ...over,
  };
}

let visible = { points: [1, 0], total: 2 };
const visiblePoints = jest.fn(() => visible);
const handle = { visiblePoints } as unknown as WhereMapHandle;
const onShow = jest.fn();

function renderList(viewKey = 1) {
  const ui = (key: number) => (
    <MemoryRouter>
      <VisibleList id="list" handle={handle} data={DATA} viewKey={key} onShow={onShow} />
    </MemoryRouter>
  );
  const result = render(ui(viewKey));
  return { ...result, moveTo: (key: number) => result.rerender(ui(key)) };
}

/** Lets the view settle (250 ms) and the details answer arrive. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(300));
const items = () => screen.queryAllByTestId('map-list-item');
const title = () => screen.getByTestId('map-list').querySelector('h2')!.textContent;

let details: jest.SpyInstance;
beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  jest.useFakeTimers();
  await act(() => i18next.changeLanguage('es'));
  visible = { points: [1, 0], total: 2 };
  visiblePoints.mockClear();
  onShow.mockReset();
  details = jest
    .spyOn(mapApi, 'details')
    .mockResolvedValue([
      detail(12, 'TGHU7654321', { health: 'alerted', carrier: null, pol: null }),
      detail(11, 'MSCU1234565', { pod: { name: 'Rotterdam', locode: null } }),
    ]);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the list of what is on screen', () => {
  it('shows each container with its health, status, route and carrier, in the user language', async () => {
    renderList();
    await settle();
    expect(title()).toBe('2 contenedores en pantalla');
    const [alerted, ontrack] = items();
    expect(within(alerted).getByText('Requiere atención')).toBeInTheDocument();
    expect(alerted).toHaveTextContent('En la terminal de POD');
    // an unknown port of loading shows as a dash; no carrier, no carrier text
    expect(alerted).toHaveTextContent('- → CNSHA');
    expect(alerted).not.toHaveTextContent('MSC');
    // a port without a UN/LOCODE shows its name
    expect(ontrack).toHaveTextContent('ESVLC → Rotterdam');
    expect(within(ontrack).getByText('MSC')).toBeInTheDocument();
    expect(within(ontrack).getByText('En plazo')).toBeInTheDocument();

    await act(() => i18next.changeLanguage('en'));
    expect(title()).toBe('2 containers on screen');
    expect(items()[0]).toHaveTextContent('Attention required');
    expect(items()[0]).toHaveTextContent('In POD terminal');
    expect(within(items()[1]).getByTestId('map-list-show')).toHaveAccessibleName(
      'Show MSCU1234565 on the map',
    );
  });

  it('shows a container on the map by its place in the data', async () => {
    renderList();
    await settle();
    fireEvent.click(within(items()[1]).getByTestId('map-list-show'));
    expect(onShow).toHaveBeenCalledWith(0);
    fireEvent.click(within(items()[0]).getByTestId('map-list-show'));
    expect(onShow).toHaveBeenLastCalledWith(1);
  });

  it('counts the containers in view it does not list', async () => {
    visible = { points: [1, 0], total: 3 };
    renderList();
    await settle();
    expect(title()).toBe('3 contenedores en pantalla');
    expect(items()).toHaveLength(2);
    expect(screen.getByText('y 1 más: acerque el zoom o filtre para listarlo')).toBeInTheDocument();
    expect(visiblePoints).toHaveBeenCalledWith(50);
  });

  it('says so when nothing is in view, without asking for details', async () => {
    visible = { points: [], total: 0 };
    renderList();
    await settle();
    expect(title()).toBe('0 contenedores en pantalla');
    expect(
      screen.getByText('Ningún contenedor a la vista: aleje el zoom o mueva el mapa.'),
    ).toBeInTheDocument();
    expect(details).not.toHaveBeenCalled();
  });

  it('says so when the details could not be read', async () => {
    details.mockRejectedValue(new Error('offline'));
    renderList();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron cargar los detalles.');
    expect(items()).toHaveLength(0);
  });

  it('reads the view again only once it has settled after a move', async () => {
    const { moveTo } = renderList();
    await settle();
    expect(visiblePoints).toHaveBeenCalledTimes(1);
    visible = { points: [2], total: 1 };
    details.mockResolvedValue([detail(13, 'CMAU0000001', { health: 'delayed' })]);
    moveTo(2);
    await act(() => jest.advanceTimersByTimeAsync(100));
    moveTo(3);
    await act(() => jest.advanceTimersByTimeAsync(100));
    // still moving: the list has not been read again
    expect(visiblePoints).toHaveBeenCalledTimes(1);
    await settle();
    expect(visiblePoints).toHaveBeenCalledTimes(2);
    expect(details).toHaveBeenLastCalledWith([13], expect.any(AbortSignal));
    expect(items().map((i) => i.querySelector('a')!.textContent)).toEqual(['CMAU0000001']);
    expect(items()[0].querySelector('a')).toHaveAttribute('href', '/shipments/13');
    expect(items()[0]).toHaveTextContent('Más tarde de lo previsto');
  });

  it('waits for the map before reading anything', async () => {
    render(
      <MemoryRouter>
        <VisibleList id="list" handle={null} data={DATA} viewKey={1} onShow={onShow} />
      </MemoryRouter>,
    );
    await settle();
    expect(visiblePoints).not.toHaveBeenCalled();
    expect(details).not.toHaveBeenCalled();
    expect(screen.getByText(/Cargando/)).toBeInTheDocument();
  });
});
