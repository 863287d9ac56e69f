// Test helper (tests only, not exported): renders with an i18next instance holding the common and lists texts.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../test-utils/create-test-i18n';
import { LISTS_NS, listsResources } from './i18n';

export function renderWithLists(ui: ReactElement, lng: 'en' | 'es' = 'en'): RenderResult {
  const i18n = createTestI18n(lng);
  i18n.addResourceBundle('en', LISTS_NS, listsResources.en);
  i18n.addResourceBundle('es', LISTS_NS, listsResources.es);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper });
}
