// axe-core over every page of the portal, as its users meet it: the public pages signed out, then every screen
// signed in (dashboard, list, detail, tracking list / new / detail, map, BI, configuration), in Spanish and
// English, at 1366 and 620 px. Any serious or critical violation fails, listed page by page. One browser context
// per language and width, the pages visited in sequence. Nothing is excluded.
//
// On the way, in Spanish, the portal calls a shipment's health by one name ('Salud') on every screen.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { openInLanguage, type Lang } from '../support/public-site';
import { sel } from '../support/selectors';
import { API, apiListRequests, apiToken } from '../support/tracking';

const PUBLIC_PAGES = ['/', '/contact', '/terms-conditions', '/privacy-policy', '/developers', '/login'];

/** The signed-in screens; `:shipment` and `:request` are filled in with ids of the demo company. */
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/shipments',
  '/shipments/:shipment',
  '/tracking-requests',
  '/add-tracking-request',
  '/tracking-requests/:request',
  '/map-locations',
  '/bi',
  '/user-config',
  '/teams-config',
  '/projects-config',
  '/integrations-config',
];

/** Other names health had on some screens; the portal now says 'Salud' everywhere in Spanish. */
const OTHER_HEALTH_NAMES = /situación|estado de salud/i;

const WIDTHS = [1366, 620] as const;
const LANGS: Lang[] = ['es', 'en'];

// Eighteen pages with axe each, on a loaded 2-core machine.
test.describe.configure({ timeout: 300_000 });

/** Waits for the page's own content, then for its first data (no spinner left). */
async function settle(page: Page, path: string) {
  if (path === '/login') await expect(page.getByTestId(sel.login.username)).toBeVisible();
  else await expect(page.locator('#root [data-testid^="page-"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#pre')).toHaveCount(0);
  await expect(page.locator('.pui-spinner, .pui-spinner-page')).toHaveCount(0, { timeout: 20_000 });
}

/** The serious and critical violations of the page on screen, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function demoIds(request: import('@playwright/test').APIRequestContext) {
  const token = await apiToken(request, DEMO);
  const requests = await apiListRequests(request, token);
  const shipments = await request.get(`${API}shipments/`, { headers: { Authorization: `Token ${token}` } });
  expect(shipments.ok()).toBe(true);
  const first = ((await shipments.json()) as { results: { id: number }[] }).results[0];
  expect(first, 'the demo company has shipments').toBeTruthy();
  expect(requests.results[0], 'the demo company has tracking requests').toBeTruthy();
  return { shipment: String(first.id), request: String(requests.results[0].id) };
}

for (const lang of LANGS) {
  for (const width of WIDTHS) {
    test(`no serious or critical axe violation on any page, ${lang}, ${width} px`, async ({
      browser,
      request,
    }) => {
      const ids = await demoIds(request);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const found: string[] = [];
      try {
        await openInLanguage(page, '/', lang);
        for (const path of PUBLIC_PAGES) {
          await page.goto(path);
          await settle(page, path);
          found.push(...(await violations(page, `${path} [${lang} ${width}, signed out]`)));
        }

        await new Portal(page).gotoAndLogin(DEMO);
        for (const pattern of SIGNED_IN_PAGES) {
          const path = pattern.replace(':shipment', ids.shipment).replace(':request', ids.request);
          await page.goto(path);
          await settle(page, path);
          found.push(...(await violations(page, `${pattern} [${lang} ${width}]`)));
          if (lang === 'es')
            expect(await page.locator('#root').innerText(), `${pattern}: health has one name`).not.toMatch(
              OTHER_HEALTH_NAMES,
            );
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    });
  }
}
