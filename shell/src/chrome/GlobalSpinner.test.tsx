import { act, screen } from '@testing-library/react';
import { globalSpinnerStore } from '@portal/shared-ui';
import { renderWithShell } from '../test-utils/render-shell';
import { GlobalSpinner } from './GlobalSpinner';

describe('GlobalSpinner', () => {
  it('shows the spinner page while the global spinner count is above zero', () => {
    renderWithShell(<GlobalSpinner />);
    expect(screen.queryByTestId('global-spinner')).not.toBeInTheDocument();
    act(() => globalSpinnerStore.getState().show('Exporting…'));
    act(() => globalSpinnerStore.getState().show());
    expect(screen.getByTestId('global-spinner')).toHaveTextContent('Exporting…');
    act(() => globalSpinnerStore.getState().hide());
    expect(screen.getByTestId('global-spinner')).toBeInTheDocument();
    act(() => globalSpinnerStore.getState().hide());
    expect(screen.queryByTestId('global-spinner')).not.toBeInTheDocument();
  });
});
