import { P65_WARNINGS_TEXT, P65_WARNINGS_URL, prop65Text, type Prop65Listing } from '../../shared/regulated-parts.ts';

/**
 * The Proposition 65 safe-harbor warning: the yellow warning triangle, the text, and the official
 * warnings website as a link (product page, cart line, checkout; the email has its own).
 */
export function Prop65Warning({ listing }: { listing: Prop65Listing }) {
  const text = prop65Text(listing);
  const at = text.indexOf(P65_WARNINGS_TEXT);
  return (
    <p className="prop65" role="note" data-prop65={listing.kind}>
      <span className="prop65__symbol" aria-hidden="true">
        ⚠
      </span>{' '}
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <a href={P65_WARNINGS_URL} target="_blank" rel="noopener">
            {P65_WARNINGS_TEXT}
          </a>
          {text.slice(at + P65_WARNINGS_TEXT.length)}
        </>
      )}
    </p>
  );
}
