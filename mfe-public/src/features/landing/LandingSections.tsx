// The landing page's sections (spec section 2): hero, gallery of four messages, product info with three cards,
// six feature blocks with pictures in the visitor's language, and the info banner.
import { useTranslation } from 'react-i18next';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { GalleryIcon, type GalleryIconKind } from './illustrations/GalleryIcon';
import {
  AlarmsArt,
  ErpArt,
  HeroArt,
  MapArt,
  PayArt,
  RouteArt,
  StatusArt,
  type ArtProps,
} from './illustrations/FeatureArt';
import { LANDING_TEST_IDS } from './landing-testids';
import type { ComponentType, ReactNode } from 'react';

const GALLERY: GalleryIconKind[] = ['update', 'centralize', 'automate', 'alerts'];
const CARDS = ['status', 'alarms', 'satellite'] as const;
const FEATURES: Array<{ key: string; Art: ComponentType<ArtProps>; id?: string }> = [
  { key: 'status', Art: StatusArt },
  { key: 'alarms', Art: AlarmsArt },
  { key: 'satellite', Art: MapArt },
  { key: 'route', Art: RouteArt },
  { key: 'pay', Art: PayArt },
  { key: 'erp', Art: ErpArt, id: 'integration' },
];

interface LandingSectionProps {
  /** Names the title's id (`pub-<name>-title`), which labels the section. */
  name: string;
  title: string;
  testId: string;
  /** Anchor of the site's menu links. */
  id?: string;
  /** The alternate background. */
  alt?: boolean;
  children: ReactNode;
}

/** A titled section of the landing page (gallery, product, features). */
function LandingSection({ name, title, testId, id, alt = false, children }: LandingSectionProps) {
  const titleId = `pub-${name}-title`;
  return (
    <section
      id={id}
      className={alt ? 'pub-section pub-section--alt' : 'pub-section'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h2 id={titleId} className="pub-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Hero() {
  const { t } = useTranslation(NS);
  return (
    <section className="pub-hero" data-testid={LANDING_TEST_IDS.hero}>
      <div>
        <h1>{t('landing.title')}</h1>
        <p className="pub-hero__lead">{t('landing.lead')}</p>
        <div className="pub-hero__actions">
          <Link to="/contact" className="pub-cta pub-cta--light">
            {t('landing.ctaContact')}
          </Link>
          <Link to="/login" className="pub-cta" style={{ borderColor: '#fff' }}>
            {t('landing.ctaLogin')}
          </Link>
        </div>
      </div>
      <HeroArt t={t} label={t('art.total')} className="pub-hero__art" />
    </section>
  );
}

export function Gallery() {
  const { t } = useTranslation(NS);
  return (
    <LandingSection name="gallery" title={t('landing.galleryTitle')} testId={LANDING_TEST_IDS.gallery}>
      {/* At narrow widths the row scrolls sideways: focusable, so the keyboard's arrows can scroll it too. */}
      <ul className="pub-gallery" tabIndex={0} aria-labelledby="pub-gallery-title">
        {GALLERY.map((kind) => (
          <li key={kind} className="pub-gallery__item" data-testid={LANDING_TEST_IDS.galleryItem}>
            <GalleryIcon kind={kind} />
            <h3>{t(`landing.gallery.${kind}.title`)}</h3>
            <p>{t(`landing.gallery.${kind}.text`)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

export function ProductInfo() {
  const { t } = useTranslation(NS);
  return (
    <LandingSection
      id="product"
      alt
      name="product"
      title={t('landing.productTitle')}
      testId={LANDING_TEST_IDS.product}
    >
      <p className="pub-section__lead">{t('landing.productLead')}</p>
      <div className="pub-cards">
        {CARDS.map((key) => (
          <article key={key} className="pub-card" data-testid={LANDING_TEST_IDS.card}>
            <h3>{t(`landing.cards.${key}.title`)}</h3>
            <p>{t(`landing.cards.${key}.text`)}</p>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

export function Features() {
  const { t } = useTranslation(NS);
  return (
    <LandingSection
      id="features"
      name="features"
      title={t('landing.featuresTitle')}
      testId={LANDING_TEST_IDS.features}
    >
      <div className="pub-features">
        {FEATURES.map(({ key, Art, id }) => (
          <article key={key} id={id} className="pub-feature" data-testid={LANDING_TEST_IDS.feature}>
            <div>
              <h3>{t(`landing.features.${key}.title`)}</h3>
              <p>{t(`landing.features.${key}.text`)}</p>
            </div>
            <Art t={t} label={t(`landing.features.${key}.title`)} className="pub-feature__art" />
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

export function InfoBanner() {
  const { t } = useTranslation(NS);
  return (
    <section className="pub-banner" aria-labelledby="pub-banner-title" data-testid={LANDING_TEST_IDS.banner}>
      <div>
        <h2 id="pub-banner-title">{t('landing.bannerTitle')}</h2>
        <p>{t('landing.bannerText')}</p>
      </div>
      <Link to="/contact" className="pub-cta pub-cta--light" data-testid={LANDING_TEST_IDS.bannerButton}>
        {t('landing.bannerButton')}
      </Link>
    </section>
  );
}
