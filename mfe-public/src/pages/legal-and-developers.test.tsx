// The terms, the privacy policy and the developer guide as a visitor reads them: each in the visitor's language
// only (switching in place), with its date, the publisher's details, the privacy policy's two tables, a table of
// contents whose links all land on a section, and a Back button that leaves for the landing page when the
// visitor arrived straight at the page.
// mfe-public's tsconfig does not list the jest-dom matchers' types (the setup file loads them at run time)
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter, Route, Routes, useLocation } from '@portal/shared-ui/router';
import '../i18n';
import TermsPageExposed from '../exposes/TermsPage';
import PrivacyPageExposed from '../exposes/PrivacyPage';
import DevelopersPageExposed from '../exposes/DevelopersPage';
import { PUBLISHER } from '../lib/config';
import { privacyDocument, privacyTables } from '../features/legal/privacy-content';
import { termsDocument } from '../features/legal/terms-content';
import { DEVELOPER_TEXTS } from '../features/developers/content';
import { DEV_TEST_IDS } from '../features/developers/DeveloperGuide';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(url: string, Page: ComponentType) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={url} element={<Page />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const h2s = () => [...document.querySelectorAll('article h2')].map((h) => h.textContent);
const rowHeaders = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody th')].map((th) => th.textContent);
const switchLanguage = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('lang-toggle'));
    await Promise.resolve();
  });

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  await act(() => i18next.changeLanguage('es'));
});

describe('the terms and conditions', () => {
  it('are shown in Spanish, dated, with the publisher named, and switch to English in place', async () => {
    renderAt('/terms-conditions', TermsPageExposed);
    const es = termsDocument('es', PUBLISHER);
    expect(document.querySelector('h1')).toHaveTextContent('Términos y condiciones');
    expect(screen.getByText(`Última actualización: ${es.updated}`)).toBeInTheDocument();
    expect(h2s()).toEqual(es.sections.map((s) => s.heading));
    expect(document.querySelector('article')).toHaveTextContent(PUBLISHER.name);

    await switchLanguage();
    const en = termsDocument('en', PUBLISHER);
    expect(document.querySelector('h1')).toHaveTextContent('Terms and conditions');
    expect(screen.getByText(`Last updated: ${en.updated}`)).toBeInTheDocument();
    expect(h2s()).toEqual(en.sections.map((s) => s.heading));
    expect(h2s()).not.toContain(es.sections[0].heading);
  });

  it('Back leads to the landing page when the visitor arrived straight here', () => {
    renderAt('/terms-conditions', TermsPageExposed);
    const back = screen.getByTestId('legal-back');
    expect(back).toHaveTextContent('Volver');
    fireEvent.click(back);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('the privacy policy', () => {
  it('has the basic and the detailed table, item by item, in the visitor language', async () => {
    renderAt('/privacy-policy', PrivacyPageExposed);
    const basic = screen.getByTestId('privacy-basic-table');
    const detailed = screen.getByTestId('privacy-detailed-table');
    const es = privacyTables('es', PUBLISHER);
    expect(rowHeaders(basic)).toEqual(es.basic.map((r) => r.item));
    expect(rowHeaders(detailed)).toEqual(es.detailed.map((r) => r.item));
    expect([...basic.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Epígrafe',
      'Resumen',
    ]);
    expect(within(basic).getAllByText(PUBLISHER.name).length).toBeGreaterThan(0);
    expect(detailed).toHaveTextContent(PUBLISHER.email);
    expect(h2s()).toEqual(
      expect.arrayContaining([
        'Información básica sobre protección de datos',
        'Información detallada',
        ...privacyDocument('es', PUBLISHER).sections.map((s) => s.heading),
      ]),
    );

    await switchLanguage();
    const en = privacyTables('en', PUBLISHER);
    expect(document.querySelector('h1')).toHaveTextContent('Privacy policy');
    expect(rowHeaders(screen.getByTestId('privacy-basic-table'))).toEqual(en.basic.map((r) => r.item));
    expect(
      [...screen.getByTestId('privacy-detailed-table').querySelectorAll('thead th')].map(
        (th) => th.textContent,
      ),
    ).toEqual(['Item', 'Details']);
    expect(h2s()).toContain('Basic information on data protection');
  });

  it('names the controller with its tax number only when it has one', () => {
    const withId = { ...PUBLISHER, taxId: 'B12345678' };
    const controller = (p: typeof PUBLISHER) =>
      privacyTables('en', p).detailed.find((r) => r.item === 'Controller')!.details[0];
    expect(controller(withId)).toBe(`${PUBLISHER.name}, NIF B12345678, a logistics company based in Spain.`);
    expect(controller({ ...PUBLISHER, taxId: '' })).toBe(
      `${PUBLISHER.name}, a logistics company based in Spain.`,
    );
    expect(privacyTables('es', withId).basic[0]).toEqual({ item: 'Responsable', summary: PUBLISHER.name });
  });
});

describe('the developer guide page', () => {
  it('follows the visitor language and fills in this site as the API address', async () => {
    renderAt('/developers', DevelopersPageExposed);
    expect(document.querySelector('h1')).toHaveTextContent(DEVELOPER_TEXTS.es.title);
    const code = () => [...document.querySelectorAll('pre')].map((p) => p.textContent).join('\n');
    expect(code()).toContain(`API=${window.location.origin}/api`);
    await switchLanguage();
    expect(document.querySelector('h1')).toHaveTextContent(DEVELOPER_TEXTS.en.title);
    expect(document.querySelector('h1')).not.toHaveTextContent(DEVELOPER_TEXTS.es.title);
  });

  it('has a table of contents whose every link lands on a titled section', () => {
    renderAt('/developers', DevelopersPageExposed);
    const page = screen.getByTestId(DEV_TEST_IDS.page);
    const toc = page.querySelector('nav')!;
    const links = [...toc.querySelectorAll('a')];
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target).not.toBeNull();
      expect(target!.querySelector('h2')).toHaveTextContent(link.textContent);
    }
    expect(links.map((a) => a.textContent)).toContain(DEVELOPER_TEXTS.es.reference.title);
  });

  it('shows words in `backticks` as code', () => {
    renderAt('/developers', DevelopersPageExposed);
    const inline = [...document.querySelectorAll('p code, li code')];
    expect(inline.length).toBeGreaterThan(0);
    const prose = [...document.querySelectorAll('article p, article li')].filter((el) => !el.closest('pre'));
    for (const el of prose) expect(el.textContent).not.toContain('`');
  });
});
