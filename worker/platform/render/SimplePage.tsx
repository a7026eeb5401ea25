import type { ReactNode } from 'react';

export interface SimplePageProps {
  heading: string;
  text: string;
  links?: { label: string; href: string }[];
  children?: ReactNode;
}

/** A plain page: heading, a line of text, optional content and next steps. */
export function SimplePage({ heading, text, links = [], children }: SimplePageProps) {
  return (
    <section className="simple-page">
      <h1>{heading}</h1>
      <p>{text}</p>
      {children}
      {links.length > 0 && (
        <ul className="simple-page__links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
