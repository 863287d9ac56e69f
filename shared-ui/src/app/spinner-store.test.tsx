import { render } from '@testing-library/react';
import { globalSpinnerStore, usePageSpinner } from './spinner-store';

function Page({ loading }: { loading: boolean }) {
  usePageSpinner(loading, 'Loading shipment…');
  return null;
}

describe('usePageSpinner', () => {
  it('holds the global spinner while the page loads, and lets it go after or on leaving', () => {
    const view = render(<Page loading />);
    expect(globalSpinnerStore.getState()).toMatchObject({ count: 1, label: 'Loading shipment…' });
    view.rerender(<Page loading={false} />);
    expect(globalSpinnerStore.getState()).toMatchObject({ count: 0, label: null });
    view.rerender(<Page loading />);
    view.unmount();
    expect(globalSpinnerStore.getState().count).toBe(0);
  });
});
