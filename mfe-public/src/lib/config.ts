// Build-time configuration of the public site (webpack DefinePlugin in the browser, process.env when
// prerendering). Unset values fall back to sections of the landing page itself, so the links work out of the box.

function env(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

/** The top bar's links to the product, services and digitalization pages (external in production). */
export const SITE_LINKS = {
  product: env(process.env.PUBLIC_PRODUCT_URL, '/#product'),
  services: env(process.env.PUBLIC_SERVICES_URL, '/#features'),
  digitalization: env(process.env.PUBLIC_DIGITALIZATION_URL, '/#integration'),
} as const;

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
