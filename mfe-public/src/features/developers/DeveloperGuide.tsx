// The developer page's content (route /developers, public): the integration guide, the webhook event catalogue
// with a full body per event type, the value lists (from shared-api's domain lists), receivers in four
// languages, webhook management, retries and ordering, the changes feed, and the link to the API reference.
import { DEVELOPER_TEXTS, type DeveloperTexts } from './content';
import {
  ChangesSection,
  DeliverySection,
  EventsSection,
  KeysSection,
  ManageSection,
  ReferenceSection,
  RequestsSection,
  StartSection,
  ValuesSection,
  VerifySection,
} from './DeveloperSections';
import { DEV_TEST_IDS } from './dev-test-ids';

export { DEV_TEST_IDS };

const SECTIONS = [
  'start',
  'keys',
  'requests',
  'verify',
  'manage',
  'events',
  'values',
  'delivery',
  'changes',
  'reference',
] as const;

export function DeveloperGuide({ lang, apiBase }: { lang: 'en' | 'es'; apiBase: string }) {
  const t: DeveloperTexts = DEVELOPER_TEXTS[lang];
  const title = (id: (typeof SECTIONS)[number]) => (id === 'reference' ? t.reference.title : t[id].title);
  return (
    <article className="pub-dev" data-testid={DEV_TEST_IDS.page}>
      <h1>{t.title}</h1>
      <p className="pub-page__lead">{t.lead}</p>
      <nav className="pub-dev__toc" aria-labelledby="dev-toc-title">
        <h2 id="dev-toc-title">{t.contents}</h2>
        {/* the section titles carry their own numbers */}
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#dev-${id}`}>{title(id)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <StartSection t={t} apiBase={apiBase} />
      <KeysSection t={t} />
      <RequestsSection t={t} />
      <VerifySection t={t} />
      <ManageSection t={t} />
      <EventsSection t={t} />
      <ValuesSection t={t} />
      <DeliverySection t={t} />
      <ChangesSection t={t} />
      <ReferenceSection t={t} />
    </article>
  );
}
