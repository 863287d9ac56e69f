import { act, render, screen } from '@testing-library/react';
import { useIsMobile } from './useIsMobile';

function Probe() {
  return <span>{useIsMobile() ? 'mobile' : 'desktop'}</span>;
}

describe('useIsMobile', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('is false where matchMedia is missing', () => {
    render(<Probe />);
    expect(screen.getByText('desktop')).toBeInTheDocument();
  });

  it('follows the (max-width: 620px) query', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    const queries: string[] = [];
    window.matchMedia = ((query: string) => {
      queries.push(query);
      return {
        get matches() {
          return matches;
        },
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      };
    }) as unknown as typeof window.matchMedia;
    render(<Probe />);
    expect(queries[0]).toBe('(max-width: 620px)');
    expect(screen.getByText('desktop')).toBeInTheDocument();
    act(() => {
      matches = true;
      listeners.forEach((l) => l());
    });
    expect(screen.getByText('mobile')).toBeInTheDocument();
  });
});
