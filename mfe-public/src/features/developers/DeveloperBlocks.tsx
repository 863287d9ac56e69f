// The building blocks of the developer guide: texts with `code` spans, code blocks, sections and lists of them.
import { Fragment, type ReactNode } from 'react';

/** A text with `code` spans. */
export function Rich({ text }: { text: string }) {
  return (
    <>
      {text
        .split('`')
        .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

/** Paragraphs of rich text. */
export function Paragraphs({ texts }: { texts: readonly string[] }) {
  return (
    <>
      {texts.map((p) => (
        <p key={p}>
          <Rich text={p} />
        </p>
      ))}
    </>
  );
}

/** A list of rich-text points. */
export function Points({ texts }: { texts: readonly string[] }) {
  return (
    <ul>
      {texts.map((p) => (
        <li key={p}>
          <Rich text={p} />
        </li>
      ))}
    </ul>
  );
}

/** A code block: focusable, so a keyboard can scroll a long line sideways. */
export function Code({ children, lang }: { children: string; lang: string }) {
  return (
    <pre className="pub-dev__code" tabIndex={0} data-lang={lang}>
      <code>{children}</code>
    </pre>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="pub-dev__section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
