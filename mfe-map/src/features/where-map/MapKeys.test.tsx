import { fireEvent, render, screen } from '@testing-library/react';
import { MapKeys } from './MapKeys';
import type { MapTarget } from './where-map-types';

const TARGETS: MapTarget[] = [
  { kind: 'cluster', id: 'cluster:3:0', pixel: [100, 80], count: 12, family: 'attention' },
  { kind: 'vessel', id: 'vessel:0', pixel: [300, 200], count: 3, family: 'ontrack', name: 'MAERSK ESSEN' },
];

describe('the keyboard buttons over the map', () => {
  it('puts a named button over each target, which acts on it', () => {
    const onActivate = jest.fn();
    render(<MapKeys targets={TARGETS} label={(t) => `${t.kind} ${t.count}`} onActivate={onActivate} />);
    const keys = screen.getAllByTestId('map-key');
    expect(keys.map((k) => k.getAttribute('aria-label'))).toEqual(['cluster 12', 'vessel 3']);
    expect(keys[1]).toHaveStyle({ left: '300px', top: '200px' });
    expect(keys[1]).toHaveAttribute('data-kind', 'vessel');
    fireEvent.click(keys[0]);
    expect(onActivate).toHaveBeenCalledWith(TARGETS[0]);
  });
});
