// Test helper for the remotes (tests only, not exported from the package index): every exposed route page
// renders its heading in Spanish by default and in English after a switch, and both languages carry the same keys.
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from '@portal/shared-ui/router';
import { initI18n } from '../app/i18n-setup';

export interface RemotePageCase {
  path: string;
  url: string;
  Page: ComponentType;
}

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

export function describeRemotePages(cases: RemotePageCase[], resources: { en: object; es: object }): void {
  beforeAll(async () => {
    await initI18n(i18next);
  });

  it.each(cases)(
    '$url renders its heading in Spanish by default and in English after a switch',
    async ({ path, url, Page }) => {
      await act(() => i18next.changeLanguage('es'));
      render(
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={<Page />} />
          </Routes>
        </MemoryRouter>,
      );
      const es = screen.getByRole('heading', { level: 1 }).textContent;
      expect(es).toBeTruthy();
      await act(() => i18next.changeLanguage('en'));
      const en = screen.getByRole('heading', { level: 1 }).textContent;
      expect(en).toBeTruthy();
      expect(en).not.toEqual(es);
      expect(en).not.toMatch(/\.title$/);
      if (url.endsWith('/7')) expect(en).toContain('7');
    },
  );

  it('ships the same keys in English and Spanish', () => {
    expect(keys(resources.es).sort()).toEqual(keys(resources.en).sort());
  });
}
