// Build-time configuration of the public site (webpack DefinePlugin in the browser, process.env when
// prerendering), from environment variables; unset values fall back to the defaults below (README, Configuration).

function env(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

/**
 * The publisher's corporate site, whose product, services and digitalization pages the top bar, side menu and
 * footer link to (spec section 2: external pages). The default is the demo company's; a deployment sets its own.
 */
export const PUBLISHER_SITE = env(process.env.PUBLIC_SITE_URL, 'https://www.demo-logistics.example').replace(
  /\/+$/,
  '',
);

export type SiteLinkKey = 'product' | 'services' | 'digitalization';

/**
 * Each link is `PUBLIC_<KEY>_URL` when set, else a page of the publisher's site. `{lang}` in a URL becomes the
 * visitor's language (es or en), so one setting serves both languages.
 */
const SITE_LINK_TEMPLATES: Record<SiteLinkKey, string> = {
  product: env(process.env.PUBLIC_PRODUCT_URL, `${PUBLISHER_SITE}/{lang}/container-tracking`),
  services: env(process.env.PUBLIC_SERVICES_URL, `${PUBLISHER_SITE}/{lang}/services`),
  digitalization: env(process.env.PUBLIC_DIGITALIZATION_URL, `${PUBLISHER_SITE}/{lang}/digitalization`),
};

export function siteLinks(lang: string): Record<SiteLinkKey, string> {
  const code = lang === 'en' ? 'en' : 'es';
  const fill = (url: string) => url.replaceAll('{lang}', code);
  return {
    product: fill(SITE_LINK_TEMPLATES.product),
    services: fill(SITE_LINK_TEMPLATES.services),
    digitalization: fill(SITE_LINK_TEMPLATES.digitalization),
  };
}

/**
 * Where the contact form posts: a path under the API base (default `products/send-mail`, i.e.
 * /api/products/send-mail/ served by the API) or an absolute URL of another products backend.
 */
export const CONTACT_URL = env(process.env.PUBLIC_CONTACT_URL, 'products/send-mail');

/** The fixed product identifier every contact request carries (spec section 3). */
export const PRODUCT_ID = 'container-tracking-portal';

export const isExternal = (href: string) => /^https?:\/\//i.test(href);

/**
 * The publisher of the site and controller of the personal data (terms and privacy pages): a logistics company
 * based in Spain. The defaults describe the demo company; a deployment sets its own.
 */
export const PUBLISHER = {
  name: env(process.env.PUBLIC_PUBLISHER_NAME, 'Demo Logistics, S.L.'),
  taxId: env(process.env.PUBLIC_PUBLISHER_TAX_ID, ''),
  address: env(process.env.PUBLIC_PUBLISHER_ADDRESS, 'Muelle de la Aduana, s/n, 46024 Valencia, España'),
  email: env(process.env.PUBLIC_PUBLISHER_EMAIL, 'privacy@demo-logistics.example'),
} as const;
