import type { ReactNode } from 'react';
import type { InfoPageContent } from '../service.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

/** An information or policy page from its written content; `children` (videos) follow the intro. */
export function InfoPage({ page, children }: { page: InfoPageContent; children?: ReactNode }) {
  return (
    <article className="info-page">
      <h1>{page.heading}</h1>
      <p className="info-page__intro">{page.intro}</p>
      {children}
      {page.sections.length > 3 && (
        <nav className="info-page__toc" aria-label={m.info_page_toc()}>
          <ul>
            {page.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {page.sections.map((section) => (
        <section key={section.id} id={section.id} data-fill={section.fill}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          )}
          {section.faq && (
            <div className="faq">
              {section.faq.map((item, i) => (
                <details key={i}>
                  <summary>{item.q}</summary>
                  <p>{item.a}</p>
                </details>
              ))}
            </div>
          )}
          {section.links && (
            <ul className="info-page__links">
              {section.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <p className="info-page__updated">{m.info_page_updated({ date: page.updated })}</p>
    </article>
  );
}
