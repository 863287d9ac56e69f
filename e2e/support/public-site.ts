// Page object of the public site (mfe-public): the top bar and side menu, the contact form, and helpers that
// read what the contact backend did (the database row, the mail maildev received).
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E_DATABASE_URL, MAILDEV_WEB_PORT } from './ports';
import { SITE_TEST_IDS } from '../../mfe-public/src/features/site/site-testids';
import { LANDING_TEST_IDS } from '../../mfe-public/src/features/landing/landing-testids';
import { CONTACT_TEST_IDS } from '../../mfe-public/src/features/contact/ContactForm';

export const siteSel = { ...SITE_TEST_IDS, landing: LANDING_TEST_IDS, contact: CONTACT_TEST_IDS };

export type Lang = 'es' | 'en';

/** Opens `path` with the language already chosen (as a returning visitor would have it in local storage). */
export async function openInLanguage(page: Page, path: string, lang: Lang): Promise<void> {
  await page.addInitScript((l) => {
    try {
      localStorage.setItem('lang', l);
    } catch {
      // about:blank has no storage
    }
  }, lang);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Waits until the live page (not only its prerendered copy) is on screen. */
export async function waitForLivePage(page: Page): Promise<void> {
  await expect(page.locator('#pre')).toHaveCount(0);
  await expect(page.locator('#root [data-testid^="page-"]')).toBeVisible();
}

export interface StoredContactRequest {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  product: string;
  language: string;
  status: string;
}

export async function storedContactRequests(company: string): Promise<StoredContactRequest[]> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    const res = await client.query<StoredContactRequest>(
      'SELECT id::text, name, email, phone, company, comments, product, language, status FROM contact_requests WHERE company = $1',
      [company],
    );
    return res.rows;
  } finally {
    await client.end();
  }
}

export interface MaildevMail {
  subject: string;
  text: string;
  to: Array<{ address: string }>;
  replyTo?: Array<{ address: string }>;
}

/** The mails maildev received whose subject contains `needle`. */
export async function mailsAbout(needle: string): Promise<MaildevMail[]> {
  const res = await fetch(`http://127.0.0.1:${MAILDEV_WEB_PORT}/email`);
  const all = (await res.json()) as MaildevMail[];
  return all.filter((m) => m.subject.includes(needle));
}
