import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShell, stubLoader } from '../test-utils/render-shell';
import { isComponentModule as isPageModule } from '@portal/shared-ui';
import { RemotePage } from './RemotePage';

const Page = () => <div data-testid="remote-content">remote content</div>;

describe('RemotePage', () => {
  beforeEach(() => {
    // the boundary reports caught errors with console.warn, React 19 with console.error
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('loads the module by federation id and renders its default export', async () => {
    const load = jest.fn().mockResolvedValue({ default: Page });
    renderWithShell(<RemotePage remote="mfe_map" module="MapLocationsPage" area="Where Are They?" />, {
      loader: stubLoader({ load }),
    });
    expect(await screen.findByTestId('remote-content')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mfe_map/MapLocationsPage');
  });

  it('retries automatically, resetting the remote before each retry', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('manifest unreachable'))
      .mockResolvedValueOnce({ default: Page });
    const reset = jest.fn();
    renderWithShell(<RemotePage remote="mfe_map" module="MapLocationsPage" area="Where Are They?" />, {
      loader: stubLoader({ load, reset, retryDelays: [0, 0] }),
    });
    expect(await screen.findByTestId('remote-content')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reset).toHaveBeenCalledWith('mfe_map');
  });

  it('after the retries shows the fallback naming the area, and Retry really loads again', async () => {
    const load = jest.fn().mockRejectedValue(new Error('down'));
    const reset = jest.fn();
    renderWithShell(<RemotePage remote="mfe_bi" module="BiPage" area="Business intelligence" />, {
      loader: stubLoader({ load, reset, retryDelays: [0, 0] }),
    });
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback).toHaveTextContent('Business intelligence');
    expect(fallback).toHaveTextContent('This area is unavailable right now.');
    expect(load).toHaveBeenCalledTimes(3);
    expect(reset).toHaveBeenCalledTimes(2);

    load.mockReset().mockResolvedValue({ default: Page });
    await userEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByTestId('remote-content')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(3);
  });

  it('shows the fallback in Spanish', async () => {
    renderWithShell(<RemotePage remote="mfe_bi" module="BiPage" area="Inteligencia de negocio" />, {
      lng: 'es',
      loader: stubLoader({ load: () => Promise.reject(new Error('down')) }),
    });
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback).toHaveTextContent('Esta sección no está disponible en este momento.');
    expect(screen.getByTestId('remote-retry')).toHaveTextContent('Reintentar');
  });

  it('refuses a module without a component as default export, without retrying', async () => {
    const load = jest.fn().mockResolvedValue({ default: 'not a component', Page });
    renderWithShell(<RemotePage remote="mfe_map" module="MapLocationsPage" area="Map" />, {
      loader: stubLoader({ load, retryDelays: [0, 0] }),
    });
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('catches a remote page that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render failure');
    };
    renderWithShell(<RemotePage remote="mfe_bi" module="BiPage" area="BI" />, {
      loader: stubLoader({ load: () => Promise.resolve({ default: Broken }) }),
    });
    expect(await screen.findByTestId('remote-fallback')).toHaveTextContent('BI');
  });

  it('shows a spinner while loading', async () => {
    let resolve: (value: unknown) => void = () => {};
    renderWithShell(<RemotePage remote="mfe_bi" module="BiPage" area="BI" />, {
      loader: stubLoader({ load: () => new Promise((r) => (resolve = r)) }),
    });
    expect(await screen.findByTestId('remote-loading')).toBeInTheDocument();
    await act(() => {
      resolve({ default: Page });
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('remote-content')).toBeInTheDocument());
  });
});

describe('isPageModule', () => {
  it.each([
    [{ default: () => null }, true],
    [{ default: { $$typeof: Symbol.for('react.memo') } }, true],
    [{ default: undefined }, false],
    [{}, false],
    [null, false],
    ['module', false],
  ])('%p → %s', (value, expected) => {
    expect(isPageModule(value)).toBe(expected);
  });
});
