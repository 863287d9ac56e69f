import { screen } from '@testing-library/react';
import { renderWithShell } from '../test-utils/render-shell';
import { Footer } from './Footer';

describe('Footer', () => {
  it('shows the copyright from 2017 to the current year with the version, linking to the root', () => {
    renderWithShell(<Footer now={new Date(2031, 5, 1)} />);
    const footer = screen.getByTestId('footer');
    expect(footer).toHaveTextContent('© 2017–2031 Container Tracking Portal · v23.09.03');
    expect(footer.querySelector('a')).toHaveAttribute('href', '/');
  });

  it('uses the current year by default and translates', () => {
    renderWithShell(<Footer />, { lng: 'es' });
    expect(screen.getByTestId('footer')).toHaveTextContent(
      `© 2017–${new Date().getFullYear()} Portal de Seguimiento de Contenedores · v23.09.03`,
    );
  });
});

describe('Footer guide link', () => {
  it('links to the integration guide for developers, in the language', () => {
    renderWithShell(<Footer />, { lng: 'es' });
    const guide = screen.getByTestId('footer-guide');
    expect(guide).toHaveTextContent('Guía de integración');
    expect(guide).toHaveAttribute('href', '/developers');
  });
});
