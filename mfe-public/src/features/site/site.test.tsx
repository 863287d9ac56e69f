// The public site's frame as a visitor uses it: the language button switches every text between Spanish and
// English (and the corporate links follow the language), the top bar and the footer lead to the portal's pages,
// and the side menu opens from the hamburger, takes the focus and closes on Escape, on an outside click, on its
// close button and when a link is followed.
// mfe-public's tsconfig does not list the jest-dom matchers' types (the setup file loads them at run time)
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter, Route, Routes, useLocation } from '@portal/shared-ui/router';
import '../../i18n';
import { siteLinks } from '../../lib/config';
import { SiteLayout } from './SiteLayout';
import { SiteLink } from './SiteLink';
import { SITE_TEST_IDS } from './site-testids';

/** Shows where the router is, so a test can assert a link was followed. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderSite(url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <SiteLayout testId="page">
              <p>page body</p>
              <Where />
            </SiteLayout>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const byId = (id: keyof typeof SITE_TEST_IDS) => screen.getByTestId(SITE_TEST_IDS[id]);
const where = () => screen.getByTestId('where').textContent;
const menu = () => byId('sideMenu');
/** Clicks, and lets the language change it starts settle. */
const clickSettled = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
    await Promise.resolve();
  });
const hrefOf = (scope: HTMLElement, text: string) =>
  within(scope).getByText(text).closest('a')?.getAttribute('href');

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  await act(() => i18next.changeLanguage('es'));
});

describe('the language button', () => {
  it('shows the other language and switches every text of the frame to it, and back', async () => {
    renderSite();
    const button = byId('langToggle');
    expect(button).toHaveTextContent('EN');
    expect(button).toHaveAttribute('lang', 'en');
    expect(button).toHaveAccessibleName('EN, Switch to English');
    expect(byId('topBar')).toHaveTextContent('Área de clientes');
    expect(byId('footer')).toHaveTextContent('Política de privacidad');

    await clickSettled(button);
    expect(i18next.language).toBe('en');
    expect(button).toHaveTextContent('ES');
    expect(button).toHaveAttribute('lang', 'es');
    expect(button).toHaveAttribute('title', 'Cambiar a español');
    expect(byId('topBar')).toHaveTextContent('Client area');
    expect(byId('topBar')).not.toHaveTextContent('Área de clientes');
    expect(byId('footer')).toHaveTextContent('Privacy policy');
    expect(byId('footer')).toHaveTextContent('Request information');

    await clickSettled(button);
    expect(i18next.language).toBe('es');
    expect(byId('topBar')).toHaveTextContent('Contacto');
  });

  it('points the corporate links at the pages of the visitor language', async () => {
    renderSite();
    // the top bar's own navigation (the side menu, inside the header too, repeats the links)
    const top = byId('topBar').querySelector('nav')!;
    expect(top).toHaveAccessibleName('Navegación principal');
    const es = siteLinks('es');
    expect(hrefOf(top, 'Producto')).toBe(es.product);
    expect(hrefOf(top, 'Servicios')).toBe(es.services);
    expect(hrefOf(top, 'Digitalización')).toBe(es.digitalization);
    expect(es.product).toMatch(/\/es\//);
    await clickSettled(byId('langToggle'));
    const en = siteLinks('en');
    expect(hrefOf(top, 'Product')).toBe(en.product);
    expect(hrefOf(top, 'Services')).toBe(en.services);
    expect(hrefOf(top, 'Digitalization')).toBe(en.digitalization);
    expect(en.product).toMatch(/\/en\//);
    // external pages open as plain links that do not hand the opener over
    expect(within(top).getByText('Product').closest('a')).toHaveAttribute('rel', 'noopener');
  });
});

describe('the top bar', () => {
  it('leads to the contact page and the client area, and the brand to the home page', () => {
    renderSite('/terms-conditions');
    fireEvent.click(byId('contactLink'));
    expect(where()).toBe('/contact');
    fireEvent.click(byId('clientArea'));
    expect(where()).toBe('/login');
    const brand = screen.getByLabelText('Portal de Seguimiento de Contenedores · Página de inicio');
    fireEvent.click(brand);
    expect(where()).toBe('/');
  });

  it('offers a skip link to the content', () => {
    renderSite();
    const skip = screen.getByText('Saltar al contenido');
    expect(skip).toHaveAttribute('href', '#content');
    expect(document.getElementById('content')).toHaveTextContent('page body');
  });
});

describe('the side menu', () => {
  it('opens from the hamburger, takes the focus, and Escape closes it and gives the focus back', () => {
    renderSite();
    const burger = byId('menuButton');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveAccessibleName('Abrir menú');
    expect(menu()).toHaveAttribute('data-open', 'false');
    expect(menu()).toHaveAttribute('aria-hidden', 'true');
    expect(burger).toHaveAttribute('aria-controls', menu().id);

    fireEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAccessibleName('Cerrar menú');
    expect(menu()).toHaveAttribute('data-open', 'true');
    expect(menu()).toHaveAttribute('aria-hidden', 'false');
    expect(menu().contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu()).toHaveAttribute('data-open', 'false');
    expect(document.activeElement).toBe(burger);
  });

  it('lists every page of the site in the visitor language', async () => {
    renderSite();
    fireEvent.click(byId('menuButton'));
    const texts = () => [...menu().querySelectorAll('li')].map((li) => li.textContent);
    expect(texts()).toEqual([
      'Producto',
      'Servicios',
      'Digitalización',
      'Contacto',
      'Área de clientes',
      'Desarrolladores',
      'Política de privacidad',
      'Términos y condiciones',
    ]);
    await clickSettled(byId('langToggle'));
    expect(texts()).toEqual([
      'Product',
      'Services',
      'Digitalization',
      'Contact',
      'Client area',
      'Developers',
      'Privacy policy',
      'Terms and conditions',
    ]);
  });

  it('closes when a link is followed, and the link leads to its page', () => {
    renderSite();
    fireEvent.click(byId('menuButton'));
    fireEvent.click(within(menu()).getByText('Desarrolladores'));
    expect(where()).toBe('/developers');
    expect(menu()).toHaveAttribute('data-open', 'false');
  });

  it('closes on a click outside it, but not on a click inside it', () => {
    renderSite();
    fireEvent.click(byId('menuButton'));
    fireEvent.pointerDown(within(menu()).getByText('Menú'));
    expect(menu()).toHaveAttribute('data-open', 'true');
    fireEvent.pointerDown(screen.getByText('page body'));
    expect(menu()).toHaveAttribute('data-open', 'false');
  });

  it('closes from its own close button, and the hamburger toggles it', () => {
    renderSite();
    const burger = byId('menuButton');
    fireEvent.click(burger);
    fireEvent.click(within(menu()).getByLabelText('Cerrar menú'));
    expect(menu()).toHaveAttribute('data-open', 'false');
    expect(document.activeElement).toBe(burger);
    fireEvent.click(burger);
    fireEvent.click(burger);
    expect(menu()).toHaveAttribute('data-open', 'false');
  });
});

describe('the footer', () => {
  it('leads to the developer guide, the legal pages and the contact form', () => {
    renderSite();
    const footer = byId('footer');
    fireEvent.click(byId('developers'));
    expect(where()).toBe('/developers');
    fireEvent.click(within(footer).getByText('Términos y condiciones'));
    expect(where()).toBe('/terms-conditions');
    fireEvent.click(within(footer).getByText('Política de privacidad'));
    expect(where()).toBe('/privacy-policy');
    fireEvent.click(byId('requestInfo'));
    expect(where()).toBe('/contact');
    expect(hrefOf(footer, 'Área de clientes')).toBe('/login');
    expect(hrefOf(footer, 'Producto')).toBe(siteLinks('es').product);
  });
});

describe('a site link', () => {
  const renderLink = (href: string) =>
    render(
      <MemoryRouter>
        <SiteLink href={href}>go</SiteLink>
      </MemoryRouter>,
    );

  it('keeps an in-page section as a plain anchor without rel', () => {
    renderLink('/#features');
    expect(screen.getByText('go')).toHaveAttribute('href', '/#features');
    expect(screen.getByText('go')).not.toHaveAttribute('rel');
  });

  it('marks another site with rel=noopener', () => {
    renderLink('HTTPS://partner.example/en');
    expect(screen.getByText('go')).toHaveAttribute('rel', 'noopener');
  });
});
