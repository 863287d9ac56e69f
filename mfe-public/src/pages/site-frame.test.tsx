// Every public page as the shell shows it: the prerendered copy (static HTML shown while the JavaScript loads)
// gives way to the live page as soon as it renders, so a visitor never sees both or a blank frame; every page
// has the top bar, its content where the skip link points, and the footer, in the visitor's language.
// mfe-public's tsconfig does not list the jest-dom matchers' types (the setup file loads them at run time)
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter, Route, Routes } from '@portal/shared-ui/router';
import '../i18n';
import LandingPageExposed from '../exposes/LandingPage';
import ContactPageExposed from '../exposes/ContactPage';
import TermsPageExposed from '../exposes/TermsPage';
import PrivacyPageExposed from '../exposes/PrivacyPage';
import DevelopersPageExposed from '../exposes/DevelopersPage';
import { releasePrerender } from '../lib/prerender-handoff';
import { SITE_TEST_IDS } from '../features/site/site-testids';

const PAGES: Array<[string, ComponentType, string]> = [
  ['/', LandingPageExposed, 'page-landing-page'],
  ['/contact', ContactPageExposed, 'page-contact-page'],
  ['/terms-conditions', TermsPageExposed, 'page-terms-page'],
  ['/privacy-policy', PrivacyPageExposed, 'page-privacy-page'],
  ['/developers', DevelopersPageExposed, 'page-developers-page'],
];

/** The shell's document while the prerendered copy is shown. */
function prerendered() {
  const pre = document.createElement('div');
  pre.id = 'pre';
  pre.textContent = 'static copy';
  document.body.append(pre);
  document.documentElement.classList.add('pre-active');
}

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  await act(() => i18next.changeLanguage('es'));
});
afterEach(() => {
  document.getElementById('pre')?.remove();
  document.documentElement.classList.remove('pre-active');
});

describe.each(PAGES)('the page at %s', (url, Page, testId) => {
  it('takes over from the prerendered copy and sits in the site frame', () => {
    prerendered();
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={url} element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(document.getElementById('pre')).toBeNull();
    expect(document.documentElement).not.toHaveClass('pre-active');
    expect(screen.queryByText('static copy')).toBeNull();
    const page = screen.getByTestId(testId);
    expect(page).toContainElement(screen.getByTestId(SITE_TEST_IDS.topBar));
    expect(page).toContainElement(screen.getByTestId(SITE_TEST_IDS.footer));
    const content = document.getElementById('content')!;
    expect(content).toContainElement(document.querySelector('h1'));
    expect(screen.getByTestId(SITE_TEST_IDS.langToggle)).toHaveTextContent('EN');
  });
});

describe('releasePrerender', () => {
  it('does nothing where there is no prerendered copy, and only touches its own document', () => {
    expect(() => releasePrerender()).not.toThrow();
    prerendered();
    const other = document.implementation.createHTMLDocument('other');
    releasePrerender(other);
    expect(document.getElementById('pre')).not.toBeNull();
    releasePrerender(document);
    expect(document.getElementById('pre')).toBeNull();
  });
});
