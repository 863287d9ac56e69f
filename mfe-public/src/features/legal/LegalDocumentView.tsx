// A legal document: title, date, introduction and numbered sections; `children` go after the introduction
// (the privacy tables).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import type { LegalDocument } from './legal-types';

export function LegalDocumentView({
  title,
  doc,
  children,
}: {
  title: string;
  doc: LegalDocument;
  children?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <article className="pub-legal">
      <h1>{title}</h1>
      <p className="pub-legal__updated">{t('legal.updated', { date: doc.updated })}</p>
      {doc.intro.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {children}
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
