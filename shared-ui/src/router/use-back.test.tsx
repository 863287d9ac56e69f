import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useBack } from './use-back';

function Detail() {
  const back = useBack('/shipments');
  return (
    <button type="button" onClick={back}>
      Back
    </button>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const app = (entries: string[], index?: number) => (
  <MemoryRouter initialEntries={entries} initialIndex={index}>
    <Routes>
      <Route path="/shipments/:id" element={<Detail />} />
      <Route path="/dashboard" element={<Link to="/shipments/7">open</Link>} />
      <Route path="*" element={null} />
    </Routes>
    <Where />
  </MemoryRouter>
);

describe('useBack', () => {
  afterEach(() => window.history.replaceState(null, ''));

  it('goes one step back when the previous page is the portal', () => {
    render(app(['/dashboard']));
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByTestId('where')).toHaveTextContent('/shipments/7');
    fireEvent.click(screen.getByText('Back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('goes to the list when the detail is the first page of the tab', () => {
    render(app(['/shipments/7']));
    fireEvent.click(screen.getByText('Back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/shipments');
    expect(screen.getByTestId('where')).not.toHaveTextContent('/shipments/7');
  });

  it('trusts the browser router history index: 0 means nothing of the portal before', () => {
    // a new tab on another site's history: history.length > 1, but the portal's first entry
    window.history.replaceState({ idx: 0 }, '');
    render(app(['/dashboard', '/shipments/7'], 1));
    fireEvent.click(screen.getByText('Back'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/shipments$/);
  });
});
