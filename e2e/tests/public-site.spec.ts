// The public site as a visitor sees it, in Spanish and English: the landing's sections without portal tabs,
// the side menu, the contact form end to end (database row and real mail), the legal pages' Back, the
// prerendered HTML, accessibility (axe) and the 620 px layout.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sel } from '../support/selectors';
import { SALES_ADDRESS } from '../support/ports';
import {
  mailsAbout,
  openInLanguage,
  siteSel,
  storedContactRequests,
  waitForLivePage,
  type Lang,
} from '../support/public-site';

type TypeSchema = { enum?: string[]; const?: string; anyOf?: TypeSchema[] };
type OpenApiDoc = { components: { schemas: { WebhookEvent: { properties: { type: TypeSchema } } } } };

/** The webhook envelope's `type` values as the API reference gives them (an enum or a union of constants). */
function eventTypesOf(doc: OpenApiDoc): string[] {
  const flat = (schema: TypeSchema): string[] =>
    schema.enum ?? (schema.const !== undefined ? [schema.const] : (schema.anyOf ?? []).flatMap(flat));
  return flat(doc.components.schemas.WebhookEvent.properties.type);
}

const TEXT = {
  es: {
    h1: 'Seguimiento de contenedores de todas las navieras, en un solo lugar',
    topLinks: ['Producto', 'Servicios', 'Digitalización', 'Contacto'],
    clientArea: 'Área de clientes',
    featureArt: [
      'Panel de control',
      'Ajustes de alertas',
      '¿Dónde están?',
      'Recogida del vacío',
      'Contenedores al año',
      'Tu ERP',
    ],
    footer: ['Política de privacidad', 'Términos y condiciones', 'Solicitar información'],
    banner: 'Contáctanos',
    terms: 'Por favor, acepta los Términos y Condiciones y la Política de Privacidad.',
    blank: [
      'El campo Nombre no puede estar en blanco.',
      'El campo Correo electrónico no puede estar en blanco.',
      'El campo Empresa no puede estar en blanco.',
    ],
    successTitle: 'Enviado',
    successText: 'Solicitud enviada correctamente',
    termsTitle: 'Términos y condiciones',
    privacyTitle: 'Política de privacidad',
    back: 'Volver',
    menu: 'Abrir menú',
    langShort: 'EN',
    badEmail: 'Introduce una dirección de correo electrónico válida.',
    devTitle: 'Guía de integración para desarrolladores',
    developers: 'Desarrolladores',
  },
  en: {
    h1: 'Container tracking across every shipping line, in one place',
    topLinks: ['Product', 'Services', 'Digitalization', 'Contact'],
    clientArea: 'Client area',
    featureArt: [
      'Dashboard',
      'Alert settings',
      'Where Are They?',
      'Empty pickup',
      'Containers per year',
      'Your ERP',
    ],
    footer: ['Privacy policy', 'Terms and conditions', 'Request information'],
    banner: 'Contact us',
    terms: 'Please, accept the Terms and Conditions and the Privacy Policy.',
    blank: ['Name must not be blank.', 'Email must not be blank.', 'Company must not be blank.'],
    successTitle: 'Success',
    successText: 'request success',
    termsTitle: 'Terms and conditions',
    privacyTitle: 'Privacy policy',
    back: 'Back',
    menu: 'Open menu',
    langShort: 'ES',
    badEmail: 'Enter a valid email address.',
    devTitle: 'Integration guide for developers',
    developers: 'Developers',
  },
} as const;

const LANGS: Lang[] = ['es', 'en'];

// Each test loads the composed portal several times (and waits for 4 s notices to go): on a loaded 2-core
// machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** An ERROR notification whose only message is `message` (title and body, then the close button's ×). */
const errorNotice = (message: string) =>
  new RegExp(`^ERROR${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}×?$`);

/** True when no notice on screen overlaps the contact form's Send button. */
const sendIsClear = (page: Page) =>
  page.evaluate((sendId) => {
    const b = document.querySelector(`[data-testid="${sendId}"]`)!.getBoundingClientRect();
    return [...document.querySelectorAll('.pui-notification')].every((n) => {
      const r = n.getBoundingClientRect();
      return r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right;
    });
  }, siteSel.contact.send);

async function noPortalChrome(page: Page) {
  await expect(page.getByTestId(sel.titleBar)).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByTestId(sel.sideNav)).toHaveCount(0);
}

for (const lang of LANGS) {
  const tx = TEXT[lang];

  test.describe(`public site in ${lang}`, () => {
    test('the landing shows every section and no portal tabs', async ({ page }) => {
      await openInLanguage(page, '/', lang);
      await waitForLivePage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const top = page.getByTestId(siteSel.topBar);
      for (const name of tx.topLinks)
        await expect(top.getByRole('link', { name, exact: true })).toBeVisible();
      // Product, Services and Digitalization are external pages (spec section 2), in the visitor's language
      for (const name of tx.topLinks.slice(0, 3))
        await expect(top.getByRole('link', { name, exact: true })).toHaveAttribute(
          'href',
          new RegExp(`^https://[^/]+/${lang}/`),
        );
      // the language button's name starts with what it shows
      await expect(page.getByTestId(siteSel.langToggle)).toHaveText(tx.langShort);
      await expect(page.getByTestId(siteSel.langToggle)).toHaveAccessibleName(
        new RegExp(`^${tx.langShort}\\b`),
      );
      await expect(page.getByTestId(siteSel.clientArea)).toHaveAttribute('href', '/login');
      await expect(page.getByTestId(siteSel.langToggle)).toBeVisible();
      await expect(page.getByTestId(siteSel.menuButton)).toBeVisible();
      await expect(page.getByTestId(siteSel.landing.galleryItem)).toHaveCount(4);
      await expect(page.getByTestId(siteSel.landing.card)).toHaveCount(3);
      const features = page.getByTestId(siteSel.landing.feature);
      await expect(features).toHaveCount(6);
      // the pictures carry their labels in the visitor's language
      for (let i = 0; i < 6; i++) {
        await expect(features.nth(i).locator('svg[role="img"]')).toContainText(tx.featureArt[i]);
      }
      await expect(page.getByTestId(siteSel.landing.bannerButton)).toHaveText(tx.banner);
      const footer = page.getByTestId(siteSel.footer);
      for (const name of tx.footer) await expect(footer.getByRole('link', { name }).first()).toBeVisible();
      await expect(page.getByTestId(siteSel.requestInfo)).toHaveAttribute('href', '/contact');
      await noPortalChrome(page);
      const other = lang === 'es' ? TEXT.en : TEXT.es;
      await expect(page.getByText(other.h1)).toHaveCount(0);
    });

    test('the hamburger menu opens, closes on an outside click and on Escape', async ({ page }) => {
      await openInLanguage(page, '/', lang);
      await waitForLivePage(page);
      const button = page.getByTestId(siteSel.menuButton);
      const menu = page.getByTestId(siteSel.sideMenu);
      await expect(button).toHaveAccessibleName(tx.menu);
      await expect(menu).toBeHidden();
      await button.click();
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('link', { name: tx.clientArea })).toBeVisible();
      await page.mouse.click(20, 400); // on the page, outside the menu
      await expect(menu).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // by keyboard: open, focus lands inside, Escape closes and gives the focus back
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await expect(menu.locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    });

    test('the contact form refuses without terms, names each empty field, then sends, stores and mails', async ({
      page,
    }) => {
      const company = `Naviera ${lang} ${Date.now()}`;
      await openInLanguage(page, '/contact', lang);
      await waitForLivePage(page);
      const notes = page.getByTestId(sel.notification);
      const terms = page.getByTestId(siteSel.contact.terms);
      await expect(terms).not.toBeChecked();
      await noPortalChrome(page);

      // one assertion per step (retried as a whole): the notices live 4 s only
      await page.getByTestId(siteSel.contact.send).click();
      await expect(notes).toHaveText([errorNotice(tx.terms)]);
      await expect(notes).toHaveCount(0, { timeout: 6000 }); // gone after its 4 s

      await terms.check();
      await page.getByTestId(siteSel.contact.send).click();
      await expect(notes).toHaveText(tx.blank.map(errorNotice));
      await expect(notes).toHaveCount(0, { timeout: 6000 });

      await page.getByTestId(siteSel.contact.name).fill('Lucía Ferrer');
      await page.getByTestId(siteSel.contact.email).fill('lucia@example.com');
      await page.getByTestId(siteSel.contact.phone).fill('+34 611 222 333');
      await page.getByTestId(siteSel.contact.company).fill(company);
      await page.getByTestId(siteSel.contact.remarks).fill('About 3,000 TEU a year, MSC and Maersk.');
      await page.getByTestId(siteSel.contact.send).click();
      const success = notes.filter({ hasText: tx.successTitle });
      await expect(success).toContainText(tx.successText);
      await expect(page.getByTestId(siteSel.contact.name)).toHaveValue('');
      await expect(page.getByTestId(siteSel.contact.email)).toHaveValue('');
      await expect(page.getByTestId(siteSel.contact.company)).toHaveValue('');
      await expect(page.getByTestId(siteSel.contact.remarks)).toHaveValue('');
      await expect(terms).not.toBeChecked();

      const [row] = await storedContactRequests(company);
      expect(row).toMatchObject({
        name: 'Lucía Ferrer',
        email: 'lucia@example.com',
        phone: '+34 611 222 333',
        comments: 'About 3,000 TEU a year, MSC and Maersk.',
        product: 'container-tracking-portal',
        language: lang,
      });
      await expect.poll(async () => (await mailsAbout(company)).length, { timeout: 15_000 }).toBe(1);
      const [mail] = await mailsAbout(company);
      expect(mail.to.map((t) => t.address)).toEqual([SALES_ADDRESS]);
      expect(mail.text).toContain('Name: Lucía Ferrer');
      expect(mail.text).toContain('Phone: +34 611 222 333');
      expect(mail.text).toContain('About 3,000 TEU a year, MSC and Maersk.');
      await expect.poll(async () => (await storedContactRequests(company))[0].status).toBe('sent');

      await page.getByTestId(siteSel.contact.back).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('error notices never cover Send (1366 and 620 px), and the e-mail must be an address', async ({
      page,
    }) => {
      const notes = page.getByTestId(sel.notification);
      for (const width of [1366, 620]) {
        await page.setViewportSize({ width, height: 760 });
        await openInLanguage(page, '/contact', lang);
        await waitForLivePage(page);
        const send = page.getByTestId(siteSel.contact.send);
        // as a visitor who scrolled down to it: Send at the bottom of the window, where the notices appear
        const toBottom = () => send.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        await toBottom();
        await send.click();
        await expect(notes).toHaveText([errorNotice(tx.terms)]);
        // clear within a moment, well before the 4 s notice goes, and Send can be pressed again at once
        await expect.poll(() => sendIsClear(page), { timeout: 1500 }).toBe(true);
        await send.click({ trial: true, timeout: 1500 });

        await page.getByTestId(siteSel.contact.terms).check();
        await page.getByTestId(siteSel.contact.name).fill('Lucía Ferrer');
        await page.getByTestId(siteSel.contact.company).fill('Naviera');
        await page.getByTestId(siteSel.contact.email).fill('lucia@example');
        await expect(notes).toHaveCount(0, { timeout: 6000 });
        await toBottom();
        await send.click();
        await expect(notes.filter({ hasText: tx.badEmail })).toHaveCount(1);
        await expect(page.getByTestId(siteSel.contact.email)).toHaveAttribute('aria-invalid', 'true');
        await expect.poll(() => sendIsClear(page), { timeout: 1500 }).toBe(true);
        await send.click({ trial: true, timeout: 1500 });
        await expect(notes).toHaveCount(0, { timeout: 6000 });
      }
    });

    test('the developer page is public, in the footer, with every event and the API reference', async ({
      page,
      request,
    }) => {
      await openInLanguage(page, '/', lang);
      await waitForLivePage(page);
      await page.getByTestId(siteSel.footer).getByRole('link', { name: tx.developers }).click();
      await expect(page).toHaveURL(/\/developers$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.devTitle);
      const origin = new URL(page.url()).origin;
      await expect(page.locator('pre').first()).toContainText(`API=${origin}/api`);
      const reference = await page.getByTestId('dev-api-reference').getAttribute('href');
      expect((await request.get(reference!)).ok()).toBe(true);
      // every event type the API can send (its reference's envelope enum) has its own section, and no other
      const doc = (await (await request.get(`${reference}/json`)).json()) as OpenApiDoc;
      const types = eventTypesOf(doc);
      expect(types).toContain('shipment.free_time_passed');
      expect(types).toContain('webhook.test');
      const sections = page.locator('section[data-testid^="dev-event-"]');
      await expect(sections).toHaveCount(types.length);
      for (const type of types) await expect(page.getByTestId(`dev-event-${type}`)).toBeAttached();
      await noPortalChrome(page);
    });

    test('Back on the terms and privacy pages returns to the page before', async ({ page }) => {
      await openInLanguage(page, '/contact', lang);
      await waitForLivePage(page);
      await page.getByTestId(siteSel.contact.form).getByRole('link', { name: tx.termsTitle }).click();
      await expect(page).toHaveURL(/\/terms-conditions$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.termsTitle);
      await page.getByRole('button', { name: tx.back }).click();
      await expect(page).toHaveURL(/\/contact$/);

      await page.goto('/');
      await waitForLivePage(page);
      await page.getByTestId(siteSel.footer).getByRole('link', { name: tx.privacyTitle }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByTestId('privacy-basic-table')).toBeVisible();
      await expect(page.getByTestId('privacy-detailed-table').locator('tbody tr')).toHaveCount(5);
      await page.getByRole('button', { name: tx.back }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.h1);
    });

    test('a legal page opened first goes Back to the landing, and shows only the current language', async ({
      page,
    }) => {
      await openInLanguage(page, '/privacy-policy', lang);
      await waitForLivePage(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.privacyTitle);
      const other = lang === 'es' ? 'Controller' : 'Responsable';
      await expect(page.getByTestId('privacy-detailed-table')).not.toContainText(other);
      await page.getByRole('button', { name: tx.back }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('the four pages have no serious or critical accessibility violations', async ({ page }) => {
      test.setTimeout(300_000); // four pages, each loaded and analysed
      for (const path of ['/', '/contact', '/terms-conditions', '/privacy-policy', '/developers']) {
        await openInLanguage(page, path, lang);
        await waitForLivePage(page);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(bad).toEqual([]);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      }
    });
  });
}

test('the public routes are prerendered: content, lang and description before any JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    for (const [path, h1] of [
      ['/', TEXT.es.h1],
      ['/contact', 'Contacto'],
      ['/terms-conditions', TEXT.es.termsTitle],
      ['/privacy-policy', TEXT.es.privacyTitle],
    ]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    }
  } finally {
    await context.close();
  }
});

test('an English visitor gets the English copy and description from the prerendered page', async ({
  page,
}) => {
  // Hold the shell's JavaScript back: what shows is the static copy alone.
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  await openInLanguage(page, '/', 'en');
  await expect(page.locator('#pre h1')).toHaveText(TEXT.en.h1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Track every container/);
  await expect(page).toHaveTitle('Container Tracking Portal');
});

test('other routes do not show the landing copy', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#pre')).toHaveCount(0);
  await expect(page.getByTestId(sel.login.submit)).toBeVisible();
});

test.describe('at 620 px', () => {
  test.use({ viewport: { width: 620, height: 900 } });

  test('the landing and the contact form fit the width; the menu carries the links', async ({ page }) => {
    for (const path of ['/', '/contact', '/privacy-policy']) {
      await openInLanguage(page, path, 'es');
      await waitForLivePage(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/');
    await waitForLivePage(page);
    await expect(page.getByTestId(siteSel.topBar).getByRole('link', { name: 'Producto' })).toBeHidden();
    await page.getByTestId(siteSel.menuButton).click();
    await expect(page.getByTestId(siteSel.sideMenu).getByRole('link', { name: 'Producto' })).toBeVisible();
  });
});

test('screenshots of each page (set PUBLIC_SCREENSHOTS=<folder> to keep them)', async ({ page }) => {
  const dir = process.env.PUBLIC_SCREENSHOTS;
  test.skip(!dir, 'PUBLIC_SCREENSHOTS not set');
  test.setTimeout(600_000); // sixteen full-page loads
  for (const width of [1366, 620]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of LANGS) {
      for (const [name, path] of [
        ['landing', '/'],
        ['contact', '/contact'],
        ['terms', '/terms-conditions'],
        ['privacy', '/privacy-policy'],
      ]) {
        await openInLanguage(page, path, lang);
        await waitForLivePage(page);
        await page.screenshot({ path: `${dir}/${name}-${lang}-${width}.png`, fullPage: true });
      }
    }
  }
});
