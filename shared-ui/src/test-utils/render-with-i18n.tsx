import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from './create-test-i18n';

/** Renders `ui` inside an I18nextProvider with the common namespace in the given language (tests only). */
export function renderWithI18n(
  ui: ReactElement,
  { lng = 'en', ...options }: { lng?: 'en' | 'es' } & Omit<RenderOptions, 'wrapper'> = {},
): RenderResult {
  const i18n = createTestI18n(lng);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
