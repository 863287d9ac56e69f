// The developer page's content (route /developers, public): the integration guide, the webhook event catalogue
// with a full body per event type, the value lists (from shared-api's domain lists), receivers in four
// languages, webhook management, retries and ordering, the changes feed, and the link to the API reference.
import { Fragment, type ReactNode } from 'react';
import { DEVELOPER_TEXTS, type DeveloperTexts } from './content';
import { CATALOGUE_TYPES, EXAMPLE_EVENTS, VALUE_LISTS } from './examples';
import * as code from './snippets';

export const DEV_TEST_IDS = {
  page: 'dev-guide',
  reference: 'dev-api-reference',
  event: (type: string) => `dev-event-${type}`,
  values: (list: string) => `dev-values-${list}`,
} as const;

/** A text with `code` spans. */
function Rich({ text }: { text: string }) {
  return (
    <>
      {text
        .split('`')
        .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

/** A code block: focusable, so a keyboard can scroll a long line sideways. */
function Code({ children, lang }: { children: string; lang: string }) {
  return (
    <pre className="pub-dev__code" tabIndex={0} data-lang={lang}>
      <code>{children}</code>
    </pre>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="pub-dev__section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

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

const RECEIVERS = [
  { id: 'node', name: 'Node.js', source: code.nodeReceiver },
  { id: 'python', name: 'Python', source: code.pythonReceiver },
  { id: 'php', name: 'PHP', source: code.phpReceiver },
  { id: 'csharp', name: 'C#', source: code.csharpReceiver },
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

      <Section id="dev-start" title={t.start.title}>
        {t.start.text.map((p) => (
          <p key={p}>
            <Rich text={p} />
          </p>
        ))}
        <Code lang="sh">{code.shellSetup(apiBase)}</Code>
      </Section>

      <Section id="dev-keys" title={t.keys.title}>
        {t.keys.text.map((p) => (
          <p key={p}>
            <Rich text={p} />
          </p>
        ))}
        <Code lang="sh">{code.createKey}</Code>
        <ul>
          {t.keys.points.map((p) => (
            <li key={p}>
              <Rich text={p} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="dev-requests" title={t.requests.title}>
        {t.requests.text.map((p) => (
          <p key={p}>
            <Rich text={p} />
          </p>
        ))}
        <p>
          <Rich text={t.requests.carrier} />
        </p>
        <Code lang="sh">{code.findCarrier}</Code>
        <Code lang="sh">{code.createRequest}</Code>
        <aside className="pub-dev__note" aria-labelledby="dev-replay-title">
          <h3 id="dev-replay-title">{t.requests.replayTitle}</h3>
          <p>
            <Rich text={t.requests.replay} />
          </p>
        </aside>
      </Section>

      <Section id="dev-verify" title={t.verify.title}>
        {t.verify.text.map((p) => (
          <p key={p}>
            <Rich text={p} />
          </p>
        ))}
        <div className="pub-dev__table">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.verify.headers.name}</th>
                <th scope="col">{t.verify.headers.value}</th>
              </tr>
            </thead>
            <tbody>
              {t.verify.headers.rows.map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">
                    <code>{name}</code>
                  </th>
                  <td>
                    <Rich text={value} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{t.verify.languages}</p>
        {RECEIVERS.map((r) => (
          <Fragment key={r.id}>
            <h3 id={`dev-verify-${r.id}`}>{r.name}</h3>
            <Code lang={r.id}>{r.source}</Code>
          </Fragment>
        ))}
      </Section>

      <Section id="dev-manage" title={t.manage.title}>
        <p>
          <Rich text={t.manage.register} />
        </p>
        <Code lang="sh">{code.registerWebhook}</Code>
        <p>
          <Rich text={t.manage.manage} />
        </p>
        <Code lang="sh">{code.manageWebhooks}</Code>
        <p>
          <Rich text={t.manage.redeliver} />
        </p>
        <Code lang="sh">{code.redeliver}</Code>
        <p>
          <Rich text={t.manage.rotate} />
        </p>
        <Code lang="sh">{code.rotateSecret}</Code>
        <p>
          <Rich text={t.manage.urls} />
        </p>
      </Section>

      <Section id="dev-events" title={t.events.title}>
        <p>
          <Rich text={t.events.text} />
        </p>
        {CATALOGUE_TYPES.map((type) => (
          <section key={type} aria-labelledby={`dev-event-${type}`} data-testid={DEV_TEST_IDS.event(type)}>
            <h3 id={`dev-event-${type}`}>
              <code>{type}</code>
            </h3>
            <p>
              <Rich text={t.events.types[type].summary} />
            </p>
            <p>
              <Rich text={`${t.events.data}: ${t.events.types[type].data}`} />
            </p>
            <details>
              <summary>{t.events.example}</summary>
              <Code lang="json">{JSON.stringify(EXAMPLE_EVENTS[type], null, 2)}</Code>
            </details>
          </section>
        ))}
      </Section>

      <Section id="dev-values" title={t.values.title}>
        <p>{t.values.text}</p>
        <dl className="pub-dev__values">
          {(Object.keys(VALUE_LISTS) as (keyof typeof VALUE_LISTS)[]).map((list) => (
            <Fragment key={list}>
              <dt>
                <Rich text={t.values.lists[list]} />
              </dt>
              <dd data-testid={DEV_TEST_IDS.values(list)}>
                {VALUE_LISTS[list].map((value, i) => (
                  <Fragment key={value}>
                    {i > 0 && ', '}
                    <code>{value}</code>
                  </Fragment>
                ))}
              </dd>
            </Fragment>
          ))}
        </dl>
      </Section>

      <Section id="dev-delivery" title={t.delivery.title}>
        <ul>
          {t.delivery.points.map((p) => (
            <li key={p}>
              <Rich text={p} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="dev-changes" title={t.changes.title}>
        {t.changes.text.map((p) => (
          <p key={p}>
            <Rich text={p} />
          </p>
        ))}
        <Code lang="sh">{code.changesFeed}</Code>
      </Section>

      <Section id="dev-reference" title={t.reference.title}>
        <p>{t.reference.text}</p>
        <p className="pub-dev__links">
          <a className="pub-cta" href="/api/docs" data-testid={DEV_TEST_IDS.reference}>
            {t.reference.open}
          </a>
          <a href="/api/docs/json">{t.reference.json}</a>
        </p>
      </Section>
    </article>
  );
}
