import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import { MapStatus, type MapStatusProps } from './MapStatus';

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});

const status = (over: Partial<MapStatusProps>) => (
  <MapStatus state="ready" empty={false} filtered={false} onRetry={jest.fn()} onReset={jest.fn()} {...over} />
);

describe('the map status', () => {
  it('shows nothing once the points are drawn', () => {
    const { container } = render(status({}));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the loading, and the error with a retry', () => {
    const onRetry = jest.fn();
    const { rerender } = render(status({ state: 'loading' }));
    expect(screen.getByTestId('map-loading')).toBeInTheDocument();
    rerender(status({ state: 'error', onRetry }));
    fireEvent.click(screen.getByRole('button'));
    expect(onRetry).toHaveBeenCalled();
    expect(screen.getByTestId('map-error')).toHaveAttribute('role', 'alert');
  });

  it('offers to reset the filters only when they emptied the map', () => {
    const onReset = jest.fn();
    const { rerender } = render(status({ empty: true }));
    expect(screen.getByTestId('map-empty')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(status({ empty: true, filtered: true, onReset }));
    fireEvent.click(screen.getByRole('button'));
    expect(onReset).toHaveBeenCalled();
  });
});
