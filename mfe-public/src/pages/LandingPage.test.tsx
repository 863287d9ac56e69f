// The landing page as a visitor reads it, in Spanish and in English: the hero with its two calls to action,
// the gallery of four messages, the product with its three cards, the six features each with a picture whose
// labels are in the visitor's language, and the banner that leads to the contact form.
// mfe-public's tsconfig does not list the jest-dom matchers' types (the setup file loads them at run time)
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter, Route, Routes, useLocation } from '@portal/shared-ui/router';
import { resources } from '../i18n';
import LandingPageExposed from '../exposes/LandingPage';
import { LANDING_TEST_IDS } from '../features/landing/landing-testids';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderLanding() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPageExposed />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const section = (id: keyof typeof LANDING_TEST_IDS) => screen.getByTestId(LANDING_TEST_IDS[id]);
const headings = (scope: HTMLElement, level: 'h2' | 'h3') =>
  [...scope.querySelectorAll(level)].map((h) => h.textContent);
const paragraphs = (scope: HTMLElement) => [...scope.querySelectorAll('p')].map((p) => p.textContent);

beforeAll(async () => {
  await initI18n(i18next);
});

describe.each(['es', 'en'] as const)('the landing page in %s', (lang) => {
  const texts = resources[lang].landing;

  beforeEach(async () => {
    await act(() => i18next.changeLanguage(lang));
    renderLanding();
  });

  it('opens with its one title, the lead and the two calls to action', () => {
    const hero = section('hero');
    expect(within(hero).getByText(texts.title).tagName).toBe('H1');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(hero).toHaveTextContent(texts.lead);
    expect(within(hero).getByText(texts.ctaContact)).toHaveAttribute('href', '/contact');
    expect(within(hero).getByText(texts.ctaLogin)).toHaveAttribute('href', '/login');
  });

  it('shows the four messages of the gallery, in order', () => {
    const gallery = section('gallery');
    expect(headings(gallery, 'h2')).toEqual([texts.galleryTitle]);
    expect(screen.getAllByTestId(LANDING_TEST_IDS.galleryItem)).toHaveLength(4);
    const keys = ['update', 'centralize', 'automate', 'alerts'] as const;
    expect(headings(gallery, 'h3')).toEqual(keys.map((k) => texts.gallery[k].title));
    expect(paragraphs(gallery)).toEqual(keys.map((k) => texts.gallery[k].text));
  });

  it('presents the product with its three cards', () => {
    const product = section('product');
    expect(product).toHaveAttribute('id', 'product');
    expect(product).toHaveAccessibleName(texts.productTitle);
    expect(product).toHaveTextContent(texts.productLead);
    const keys = ['status', 'alarms', 'satellite'] as const;
    expect(screen.getAllByTestId(LANDING_TEST_IDS.card).map((c) => c.textContent)).toEqual(
      keys.map((k) => texts.cards[k].title + texts.cards[k].text),
    );
  });

  it('describes the six features, each with a picture named after it', () => {
    const features = screen.getAllByTestId(LANDING_TEST_IDS.feature);
    const keys = ['status', 'alarms', 'satellite', 'route', 'pay', 'erp'] as const;
    expect(features).toHaveLength(keys.length);
    features.forEach((feature, i) => {
      const { title, text } = texts.features[keys[i]];
      expect(feature.querySelector('h3')).toHaveTextContent(title);
      expect(feature).toHaveTextContent(text);
      const picture = feature.querySelector('svg[role="img"]');
      expect(picture).toHaveAttribute('aria-label', title);
    });
    // the menu's "integration" anchor lands on the ERP feature
    expect(features[5]).toHaveAttribute('id', 'integration');
    expect(section('features')).toHaveAttribute('id', 'features');
  });

  it('draws the pictures with labels in the visitor language', () => {
    const art = resources[lang].art;
    const pictures = section('features');
    for (const label of [art.dashboard, art.onTime, art.alertSettings, art.emptyPickup, art.yourErp])
      expect(within(pictures).getAllByText(label).length).toBeGreaterThan(0);
    const other = resources[lang === 'es' ? 'en' : 'es'].art;
    expect(within(pictures).queryByText(other.dashboard)).toBeNull();
  });

  it('ends with the banner, whose button leads to the contact form', () => {
    const banner = section('banner');
    expect(banner).toHaveAccessibleName(texts.bannerTitle);
    expect(banner).toHaveTextContent(texts.bannerText);
    const button = section('bannerButton');
    expect(button).toHaveTextContent(texts.bannerButton);
    fireEvent.click(button);
    expect(screen.getByTestId('where')).toHaveTextContent('/contact');
  });
});

it('switches the page from Spanish to English in place', async () => {
  await act(() => i18next.changeLanguage('es'));
  renderLanding();
  expect(section('hero')).toHaveTextContent(
    'Seguimiento de contenedores de todas las navieras, en un solo lugar',
  );
  expect(section('features')).toHaveTextContent('Integración con tu ERP');
  await act(async () => {
    fireEvent.click(screen.getByTestId('lang-toggle'));
    await Promise.resolve();
  });
  expect(section('hero')).toHaveTextContent('Container tracking across every shipping line, in one place');
  expect(section('features')).toHaveTextContent('ERP integration');
  expect(section('features')).not.toHaveTextContent('Integración con tu ERP');
});
