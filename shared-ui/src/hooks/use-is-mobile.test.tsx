import { act, render, screen } from '@testing-library/react';
import { useIsMobile } from './use-is-mobile';

function Probe() {
  return <span>{useIsMobile() ? 'mobile' : 'desktop'}</span>;
}

describe('useIsMobile', () => {
  // jsdom has no matchMedia: put back exactly what was there (nothing, or a setup file's stub).
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  afterEach(() => {
    if (original) Object.defineProperty(window, 'matchMedia', original);
    else delete (window as Partial<Window>).matchMedia;
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
