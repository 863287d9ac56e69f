import { act, screen, within } from '@testing-library/react';
import { injectGlobalStyles } from '../../styles/inject-global-styles';
import { renderWithI18n } from '../../test-utils/render-with-i18n';
import { DURATIONS } from './durations';
import { Notifications } from './Notifications';
import { notify, notifyError, notifySuccess } from './notify';
import { useNotifications } from './use-notifications';

beforeEach(() => {
  jest.useFakeTimers();
  useNotifications.getState().clear();
});

afterEach(() => {
  act(() => useNotifications.getState().clear());
  jest.useRealTimers();
});

describe('notification store', () => {
  it('applies the default durations by kind', () => {
    notifyError('ERROR');
    notifySuccess('Sucessfully saved');
    notify({ kind: 'info', title: 'Info' });
    notify({ kind: 'warning', title: 'Careful', duration: DURATIONS.trackingRequest });
    expect(useNotifications.getState().items.map((n) => [n.kind, n.duration])).toEqual([
      ['error', 3000],
      ['success', 2000],
      ['info', 2000],
      ['warning', 7000],
    ]);
  });

  it('dismisses by id and clears', () => {
    const a = notifySuccess('A');
    notifySuccess('B');
    useNotifications.getState().dismiss(a);
    expect(useNotifications.getState().items.map((n) => n.title)).toEqual(['B']);
    useNotifications.getState().clear();
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('exposes the spec durations', () => {
    expect(DURATIONS).toEqual({
      default: 2000,
      error: 3000,
      password: 4000,
      trackingRequest: 7000,
      status: 4000,
      hideShow: 4000,
      contact: 4000,
      exportColumns: 4000,
    });
  });
});

describe('Notifications', () => {
  it('is fixed at the bottom left of the page', () => {
    injectGlobalStyles();
    renderWithI18n(<Notifications />);
    const region = screen.getByTestId('notifications');
    expect(region).toHaveClass('pui-notifications');
    expect(region).toHaveAttribute('data-position', 'bottom-left');
    const style = getComputedStyle(region);
    expect(style.position).toBe('fixed');
    expect(style.left).not.toBe('');
    expect(style.left).not.toBe('auto');
    expect(style.bottom).not.toBe('');
    expect(style.bottom).not.toBe('auto');
    expect(style.right === '' || style.right === 'auto').toBe(true);
    expect(style.top === '' || style.top === 'auto').toBe(true);
  });

  it('renders title, success style and status role, then auto-dismisses after 2000 ms', () => {
    renderWithI18n(<Notifications />);
    act(() => {
      notifySuccess('Sucessfully saved');
    });
    const item = screen.getByTestId('notification');
    expect(item).toHaveTextContent('Sucessfully saved');
    expect(item).toHaveAttribute('role', 'status');
    expect(item).toHaveClass('pui-notification--success');
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByTestId('notification')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
  });

  it('keeps an error for 3000 ms by default, with role alert and the error style', () => {
    renderWithI18n(<Notifications />);
    act(() => {
      notifyError('ERROR', 'Something failed');
    });
    const item = screen.getByRole('alert');
    expect(item).toHaveAttribute('data-testid', 'notification');
    expect(item).toHaveClass('pui-notification--error');
    expect(item).toHaveTextContent('Something failed');
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('honours a custom duration and clears its timer when closed by hand', () => {
    const clearSpy = jest.spyOn(globalThis, 'clearTimeout');
    renderWithI18n(<Notifications />);
    act(() => {
      notifySuccess('Tracking request saved', undefined, DURATIONS.trackingRequest);
    });
    act(() => jest.advanceTimersByTime(6999));
    expect(screen.getByTestId('notification')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument();
    expect(clearSpy).toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
    clearSpy.mockRestore();
  });

  it('renders a field list body as bold labels followed by their messages', () => {
    renderWithI18n(<Notifications />);
    act(() => {
      notifyError('ERROR', [
        { label: 'container', messages: ['Required input: Container'] },
        { label: 'carrier', messages: ['This field may not be blank.', 'Unknown carrier.'] },
      ]);
    });
    const item = screen.getByTestId('notification');
    const fields = within(item).getAllByRole('listitem');
    expect(fields).toHaveLength(2);
    const label = within(fields[1]).getByText('Carrier');
    expect(label.tagName).toBe('STRONG');
    expect(fields[0]).toHaveTextContent(/^Container\s*Required input: Container$/);
    expect(fields[1]).toHaveTextContent('This field may not be blank.');
    expect(fields[1]).toHaveTextContent('Unknown carrier.');
    expect(label.compareDocumentPosition(within(fields[1]).getByText('Unknown carrier.'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("labels the API's fields in the user's language, never with raw keys", () => {
    renderWithI18n(<Notifications />, { lng: 'es' });
    act(() => {
      notifyError('ERROR', [
        { label: 'non_field_errors', messages: ['2 de 3 filas tienen errores; no se ha importado nada.'] },
        { label: 'row 3', messages: ['code_value: Este campo es obligatorio.'] },
        { label: 'project_id', messages: ['Proyecto desconocido.'] },
        { label: 'client_code', messages: ['Demasiado largo.'] },
        { label: 'file', messages: ['El archivo está vacío.'] },
      ]);
    });
    const fields = within(screen.getByTestId('notification')).getAllByRole('listitem');
    expect(fields.map((f) => f.querySelector('strong')?.textContent ?? null)).toEqual([
      null,
      'Fila 3',
      'Proyecto',
      'Código de cliente',
      'Archivo',
    ]);
    expect(screen.getByTestId('notification')).not.toHaveTextContent(
      /non_field_errors|row 3|project_id|client_code/,
    );
  });

  it('shows several notifications at once', () => {
    renderWithI18n(<Notifications />, { lng: 'es' });
    act(() => {
      notifySuccess('Guardado correctamente');
      notifyError('ERROR');
    });
    expect(screen.getAllByTestId('notification')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Cerrar aviso' })).toHaveLength(2);
  });
});
