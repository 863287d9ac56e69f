import { SiteLayout } from '../features/site/SiteLayout';
import { Features, Gallery, Hero, InfoBanner, ProductInfo } from '../features/landing/LandingSections';

/** The landing page (route `product`, /). */
export function LandingPage() {
  return (
    <SiteLayout testId="page-landing-page">
      <Hero />
      <Gallery />
      <ProductInfo />
      <Features />
      <InfoBanner />
    </SiteLayout>
  );
}
