// The new tracking request form fills the carrier from the number as it is typed (against the real API and its
// prefix table), asks when no carrier is recognised, and keeps a carrier picked by hand; in English and
// Spanish, at 1366 and 620 px. Screenshots go to SHOTS_DIR when set (for a reviewer to look at).
import { expect, test } from '@playwright/test';
import { DEMO, Portal } from '../support/portal';
import { TrackingPages } from '../support/tracking';

test.describe.configure({ timeout: 90_000 });

const SHOTS = process.env.SHOTS_DIR;
const TEXTS = {
  en: {
    carrier: 'Carrier*',
    filled: 'Carrier recognised from the number: Mediterranean Shipping Company. You can change it.',
    unknown: 'No carrier recognised from this number: pick one.',
  },
  es: {
    carrier: 'Naviera*',
    filled: 'Naviera reconocida a partir del número: Mediterranean Shipping Company. Puede cambiarla.',
    unknown: 'No se reconoce ninguna naviera a partir de este número: elija una.',
  },
} as const;

for (const lang of ['en', 'es'] as const) {
  for (const width of [1366, 620]) {
    test(`fills the carrier from the number (${lang}, ${width} px)`, async ({ page }) => {
      // The language is chosen at full width (the narrow header folds its toggle away), then the width set.
      await page.setViewportSize({ width: 1366, height: 900 });
      const portal = new Portal(page);
      await portal.gotoAndLogin(DEMO);
      await portal.setLanguage(lang);
      await page.setViewportSize({ width, height: 900 });
      await new TrackingPages(page).gotoForm();
      const t = TEXTS[lang];
      const carrier = page.getByLabel(t.carrier);
      const value = page.locator('#tr-code-value');

      await value.pressSequentially('MEDU1234565', { delay: 20 });
      await expect(page.getByText(t.filled)).toBeVisible();
      await expect(carrier.locator('option:checked')).toHaveText('Mediterranean Shipping Company');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-filled-${lang}-${width}.png`, fullPage: true });

      // A leased container names no carrier: the filled one is taken back and the form asks.
      await value.fill('TGHU1234565');
      await expect(page.getByText(t.unknown)).toBeVisible();
      await expect(carrier).toHaveValue('');
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/form-unknown-${lang}-${width}.png`, fullPage: true });

      // A carrier picked by hand stays whatever is typed next.
      await carrier.selectOption({ label: 'Hapag-Lloyd' });
      await value.fill('MSCU1234565');
      await page.waitForTimeout(800);
      await expect(carrier.locator('option:checked')).toHaveText('Hapag-Lloyd');
    });
  }
}
