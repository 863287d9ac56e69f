import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n } from '@portal/shared-ui';
import { resources } from '../i18n';
import MapLocationsPageExposed from '../exposes/MapLocationsPage';

beforeAll(async () => {
  await initI18n(i18next);
});

const CASES = [{ path: '/map-locations', url: '/map-locations', Page: MapLocationsPageExposed }];

it.each(CASES)(
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
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );
  expect(keys(resources.es).sort()).toEqual(keys(resources.en).sort());
});
