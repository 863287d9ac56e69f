import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, useLocation } from '@portal/shared-ui/router';
import { initI18n } from '../app/i18n-setup';
import { ShipmentFilterFields, type ShipmentFilterText } from './ShipmentFilterFields';
import { useUrlFilters } from './use-url-filters';

const SCHEMA = {
  search: 'text',
  health: 'value',
  carrier: 'value',
  pol_loc: 'text',
  pod_loc: 'text',
} as const;

const text = (name: ShipmentFilterText) => `[${name}]`;

function Panel() {
  const filters = useUrlFilters(SCHEMA);
  const location = useLocation();
  return (
    <>
      <ShipmentFilterFields filters={filters} text={text} idPrefix="x-filter">
        <span data-testid="own-filter" />
      </ShipmentFilterFields>
      <output data-testid="url">{location.search}</output>
    </>
  );
}

const mount = (initial = '/list') =>
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Panel />
    </MemoryRouter>,
  );
const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');

beforeAll(async () => {
  await initI18n(i18next);
  await i18next.changeLanguage('en');
});

describe('ShipmentFilterFields', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("shows the URL's values with the screen's texts and ids, its own filters between Health and POL", () => {
    mount('/list?search=MSCU&health=delayed&pol_loc=ESVLC&pod_loc=CNSHA');
    expect(screen.getByTestId('x-filter-search')).toHaveValue('MSCU');
    expect(screen.getByLabelText('[search]')).toHaveAttribute('placeholder', '[searchPlaceholder]');
    const health = document.getElementById('x-filter-health');
    expect(health).toHaveValue('delayed');
    expect(screen.getByRole('option', { name: 'Later than expected' })).toHaveProperty('selected', true);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '[anyHealth]',
      'On track',
      'Later than expected',
      'Attention required',
    ]);
    expect(screen.getByTestId('x-filter-pol')).toHaveValue('ESVLC');
    expect(screen.getByTestId('x-filter-pod')).toHaveValue('CNSHA');
    expect(screen.getByTestId('x-filter-pol')).toHaveAttribute('placeholder', '[portPlaceholder]');
    const follows = (a: Node | null, b: Node) =>
      Boolean((a?.compareDocumentPosition(b) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(health, screen.getByTestId('own-filter'))).toBe(true);
    expect(follows(screen.getByTestId('own-filter'), screen.getByTestId('x-filter-pol'))).toBe(true);
  });

  it('writes typed text to the URL after the debounce', () => {
    mount();
    fireEvent.change(screen.getByTestId('x-filter-search'), { target: { value: 'MSCU' } });
    fireEvent.change(screen.getByTestId('x-filter-pod'), { target: { value: 'NLRTM' } });
    expect(url().get('search')).toBeNull();
    act(() => jest.advanceTimersByTime(500));
    expect(url().get('search')).toBe('MSCU');
    expect(url().get('pod_loc')).toBe('NLRTM');
  });

  it('applies a health at once', () => {
    mount();
    fireEvent.change(document.getElementById('x-filter-health') as HTMLSelectElement, {
      target: { value: 'alerted' },
    });
    expect(url().get('health')).toBe('alerted');
  });
});
