// Renders the four public routes to static HTML in both languages (React server rendering of the real pages),
// for the shell's build to write as /index.html, /contact/index.html, ... (see README, "Prerendering").
// Run: node --import tsx mfe-public/prerender/render.tsx  →  JSON on stdout.
import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { MemoryRouter } from '@portal/shared-ui/router';
import { globalCss, initI18n } from '@portal/shared-ui';
import { NS, resources } from '../src/i18n';
import { LandingPage } from '../src/pages/LandingPage';
import { ContactPage } from '../src/pages/ContactPage';
import { TermsPage } from '../src/pages/TermsPage';
import { PrivacyPage } from '../src/pages/PrivacyPage';
import type { ComponentType } from 'react';

type Lang = 'es' | 'en';

const ROUTES: Array<{
  path: string;
  file: string;
  Page: ComponentType;
  meta: 'landing' | 'contact' | 'terms' | 'privacy';
}> = [
  { path: '/', file: 'index.html', Page: LandingPage, meta: 'landing' },
  { path: '/contact', file: 'contact/index.html', Page: ContactPage, meta: 'contact' },
  { path: '/terms-conditions', file: 'terms-conditions/index.html', Page: TermsPage, meta: 'terms' },
  { path: '/privacy-policy', file: 'privacy-policy/index.html', Page: PrivacyPage, meta: 'privacy' },
];

function title(lang: Lang, meta: string): string {
  const r = resources[lang];
  const brand = r.site.brand;
  if (meta === 'landing') return brand;
  const page = { contact: r.contact.title, terms: r.terms.title, privacy: r.privacy.title }[meta];
  return `${page} · ${brand}`;
}

async function main(): Promise<void> {
  await initI18n(i18next);
  await i18next.loadNamespaces(NS);
  const routes = [];
  for (const route of ROUTES) {
    const out: Record<string, unknown> = { path: route.path, file: route.file };
    for (const lang of ['es', 'en'] as Lang[]) {
      await i18next.changeLanguage(lang);
      const html = renderToString(
        <MemoryRouter initialEntries={[route.path]}>
          <route.Page />
        </MemoryRouter>,
      );
      out[lang] = { html, title: title(lang, route.meta), description: resources[lang].meta[route.meta] };
    }
    routes.push(out);
  }
  process.stdout.write(JSON.stringify({ css: globalCss, routes }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
