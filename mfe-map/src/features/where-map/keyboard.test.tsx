// The map from the keyboard: its markers are buttons a Tab reaches (Enter acts as a click there), the info window
// takes the focus and Escape closes it, the legend starts folded, and the list shows what is on screen with links.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import '../../i18n';
import { mapApi, type PointDetail } from '../../lib/map-api';
import { decodeMapData } from './cluster';
import type { MapTarget, WhereMapHandle } from './create-where-map';
import { InfoWindow } from './InfoWindow';
import { MapLegend } from './MapLegend';
import { VisibleList } from './VisibleList';
import { WhereMap } from './WhereMap';

// The OpenLayers island is replaced by a handle that reports two targets and records what it is asked.
const listeners: Array<() => void> = [];
const fake = {
  infoElement: document.createElement('div'),
  setData: jest.fn(),
  onDrawn: (l: () => void) => listeners.push(l),
  onViewChange: (l: () => void) => listeners.push(l),
  targets: jest.fn((): MapTarget[] => [
    { kind: 'cluster', id: 'cluster:3:0', pixel: [100, 80], count: 12, family: 'attention' },
    { kind: 'vessel', id: 'vessel:0', pixel: [300, 200], count: 3, family: 'ontrack', name: 'MAERSK ESSEN' },
  ]),
  selectAt: jest.fn(() => 'zoom'),
  setLabels: jest.fn(),
  dispose: jest.fn(),
  stats: () => ({ points: 0, clusters: 0, vessels: 0, webgl: false }),
};
jest.mock('./create-where-map', () => ({
  prepareWhereMap: () => undefined,
  createWhereMap: () => fake,
}));

const DATA = decodeMapData({
  count: 2,
  id: [11, 12],
  lng: [-0.3, 121.5],
  lat: [39.4, 31.2],
  health: [0, 2],
  vessel: [-1, -1],
  vessels: [],
});
const detail = (id: number, container: string, health: PointDetail['health']) =>
  ({
    id,
    container_number: container,
    carrier: 'MSC',
    status_text: 'in POD terminal',
    pol: { name: 'Valencia', locode: 'ESVLC' },
    pod: { name: 'Shanghai', locode: 'CNSHA' },
    eta: '2026-12-01',
    ata: null,
    health,
    vessel: null,
    next_port: null,
  }) as unknown as PointDetail;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('es'));
});
afterEach(() => jest.restoreAllMocks());

describe('the map from the keyboard', () => {
  it('offers a button per marker on screen, named in the language; Enter zooms in and keeps the focus on the map', async () => {
    render(
      <WhereMap
        data={DATA}
        fitKey={1}
        label="Mapa"
        onSelect={() => undefined}
        info={null}
        labels={{ zoomIn: 'Acercar', zoomOut: 'Alejar' }}
        keyboardHint="Las flechas mueven el mapa"
        targetLabel={(t) => (t.kind === 'vessel' ? `Buque ${t.name}` : `Grupo de ${t.count}`)}
      />,
    );
    await waitFor(() =>
      expect(fake.setLabels).toHaveBeenCalledWith({ zoomIn: 'Acercar', zoomOut: 'Alejar' }),
    );
    const map = screen.getByTestId('where-map-focus');
    expect(map).toHaveAttribute('tabindex', '0');
    // not the map's own element: OpenLayers would then ignore the wheel until the map has the focus
    expect(screen.getByTestId('where-map')).not.toHaveAttribute('tabindex');
    expect(map).toHaveAccessibleDescription('Las flechas mueven el mapa');
    act(() => listeners.forEach((l) => l()));
    const keys = screen.getAllByTestId('map-key');
    expect(keys.map((k) => k.getAttribute('aria-label'))).toEqual(['Grupo de 12', 'Buque MAERSK ESSEN']);
    // the map pans under a focused marker: its button moves and keeps the focus
    keys[1].focus();
    fake.targets.mockReturnValue([
      { kind: 'cluster', id: 'cluster:3:0', pixel: [60, 80], count: 12, family: 'attention' },
      {
        kind: 'vessel',
        id: 'vessel:0',
        pixel: [260, 200],
        count: 3,
        family: 'ontrack',
        name: 'MAERSK ESSEN',
      },
    ]);
    act(() => listeners.forEach((l) => l()));
    expect(keys[1]).toHaveFocus();
    expect(keys[1]).toHaveStyle({ left: '260px' });
    // Enter while the map is still moving: the click goes where the marker is now, not where its button was
    fake.targets.mockReturnValue([
      { kind: 'cluster', id: 'cluster:3:0', pixel: [40, 80], count: 12, family: 'attention' },
    ]);
    keys[0].focus();
    fireEvent.click(keys[0]);
    expect(fake.selectAt).toHaveBeenCalledWith([40, 80]);
    expect(map).toHaveFocus();
  });

  it('the info window takes the focus and Escape closes it', async () => {
    jest.spyOn(mapApi, 'details').mockResolvedValue([detail(11, 'MSCU1234565', 'ontrack')]);
    const onClose = jest.fn();
    render(
      <MemoryRouter>
        <InfoWindow
          selection={{ kind: 'points', coordinate: [0, 0], points: [0], total: 1 }}
          data={DATA}
          onClose={onClose}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('dialog')).toHaveFocus();
    await screen.findByText('MSCU1234565');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the legend starts folded, and folds again when an info window opens', () => {
    const { rerender } = render(<MapLegend />);
    const legend = screen.getByTestId('map-legend');
    expect(legend).not.toHaveAttribute('open');
    (legend as HTMLDetailsElement).open = true;
    rerender(<MapLegend folded />);
    expect(legend).not.toHaveAttribute('open');
  });

  it('lists what is on screen, attention first, with links and a way to show each on the map', async () => {
    jest.useFakeTimers();
    const details = jest
      .spyOn(mapApi, 'details')
      .mockResolvedValue([detail(12, 'TGHU7654321', 'alerted'), detail(11, 'MSCU1234565', 'ontrack')]);
    const handle = { visiblePoints: jest.fn(() => ({ points: [1, 0], total: 2 })) };
    const onShow = jest.fn();
    render(
      <MemoryRouter>
        <VisibleList
          id="list"
          handle={handle as unknown as WhereMapHandle}
          data={DATA}
          viewKey={1}
          onShow={onShow}
        />
      </MemoryRouter>,
    );
    await act(() => jest.advanceTimersByTimeAsync(300));
    jest.useRealTimers();
    expect(details).toHaveBeenCalledWith([12, 11], expect.anything());
    expect(await screen.findByRole('heading', { name: '2 contenedores en pantalla' })).toBeVisible();
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['TGHU7654321', '/shipments/12'],
      ['MSCU1234565', '/shipments/11'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Ver TGHU7654321 en el mapa' }));
    expect(onShow).toHaveBeenCalledWith(1);
  });

  it('never lists bare ids while the containers in view are being read', async () => {
    jest.useFakeTimers();
    let answer: (list: PointDetail[]) => void = () => undefined;
    jest.spyOn(mapApi, 'details').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const handle = { visiblePoints: jest.fn(() => ({ points: [1, 0], total: 2 })) };
    // every link ever put on the page, even for one render
    const shown: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            shown.push(...[...node.querySelectorAll('a')].map((a) => a.textContent ?? ''));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    render(
      <MemoryRouter>
        <VisibleList
          id="list"
          handle={handle as unknown as WhereMapHandle}
          data={DATA}
          viewKey={1}
          onShow={jest.fn()}
        />
      </MemoryRouter>,
    );
    await act(() => jest.advanceTimersByTimeAsync(300));
    jest.useRealTimers();
    // the view is known, its containers not yet: a spinner, and no link named by a bare id was ever shown
    await act(() => Promise.resolve());
    expect(shown).toEqual([]);
    expect(screen.queryAllByRole('link')).toEqual([]);
    observer.disconnect();
    await act(() => {
      answer([detail(12, 'TGHU7654321', 'alerted'), detail(11, 'MSCU1234565', 'ontrack')]);
      return Promise.resolve();
    });
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['TGHU7654321', 'MSCU1234565']);
  });
});
