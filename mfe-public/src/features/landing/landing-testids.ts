export const LANDING_TEST_IDS = {
  hero: 'landing-hero',
  gallery: 'landing-gallery',
  galleryItem: 'landing-gallery-item',
  product: 'landing-product',
  card: 'landing-card',
  features: 'landing-features',
  feature: 'landing-feature',
  banner: 'landing-banner',
  bannerButton: 'landing-banner-contact',
} as const;
