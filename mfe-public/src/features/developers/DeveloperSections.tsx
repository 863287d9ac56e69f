// The sections of the developer guide, in the order of its table of contents.
import { Fragment } from 'react';
import type { DeveloperTexts } from './content';
import { Code, Paragraphs, Points, Rich, Section } from './DeveloperBlocks';
import { DEV_TEST_IDS } from './dev-test-ids';
import { CATALOGUE_TYPES, EXAMPLE_EVENTS, VALUE_LISTS } from './examples';
import * as code from './snippets';

const RECEIVERS = [
  { id: 'node', name: 'Node.js', source: code.nodeReceiver },
  { id: 'python', name: 'Python', source: code.pythonReceiver },
  { id: 'php', name: 'PHP', source: code.phpReceiver },
  { id: 'csharp', name: 'C#', source: code.csharpReceiver },
] as const;

type Texts = { t: DeveloperTexts };

export function StartSection({ t, apiBase }: Texts & { apiBase: string }) {
  return (
    <Section id="dev-start" title={t.start.title}>
      <Paragraphs texts={t.start.text} />
      <Code lang="sh">{code.shellSetup(apiBase)}</Code>
    </Section>
  );
}

export function KeysSection({ t }: Texts) {
  return (
    <Section id="dev-keys" title={t.keys.title}>
      <Paragraphs texts={t.keys.text} />
      <Code lang="sh">{code.createKey}</Code>
      <Points texts={t.keys.points} />
    </Section>
  );
}

export function RequestsSection({ t }: Texts) {
  return (
    <Section id="dev-requests" title={t.requests.title}>
      <Paragraphs texts={t.requests.text} />
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
  );
}

export function VerifySection({ t }: Texts) {
  return (
    <Section id="dev-verify" title={t.verify.title}>
      <Paragraphs texts={t.verify.text} />
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
  );
}

export function ManageSection({ t }: Texts) {
  const steps = [
    [t.manage.register, code.registerWebhook],
    [t.manage.manage, code.manageWebhooks],
    [t.manage.redeliver, code.redeliver],
    [t.manage.rotate, code.rotateSecret],
  ] as const;
  return (
    <Section id="dev-manage" title={t.manage.title}>
      {steps.map(([text, source]) => (
        <Fragment key={text}>
          <p>
            <Rich text={text} />
          </p>
          <Code lang="sh">{source}</Code>
        </Fragment>
      ))}
      <p>
        <Rich text={t.manage.urls} />
      </p>
    </Section>
  );
}

export function EventsSection({ t }: Texts) {
  return (
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
  );
}

export function ValuesSection({ t }: Texts) {
  return (
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
  );
}

export function DeliverySection({ t }: Texts) {
  return (
    <Section id="dev-delivery" title={t.delivery.title}>
      <Points texts={t.delivery.points} />
    </Section>
  );
}

export function ChangesSection({ t }: Texts) {
  return (
    <Section id="dev-changes" title={t.changes.title}>
      <Paragraphs texts={t.changes.text} />
      <Code lang="sh">{code.changesFeed}</Code>
    </Section>
  );
}

export function ReferenceSection({ t }: Texts) {
  return (
    <Section id="dev-reference" title={t.reference.title}>
      <p>{t.reference.text}</p>
      <p className="pub-dev__links">
        <a className="pub-cta" href="/api/docs" data-testid={DEV_TEST_IDS.reference}>
          {t.reference.open}
        </a>
        <a href="/api/docs/json">{t.reference.json}</a>
      </p>
    </Section>
  );
}
