import * as m from '../../../shared/i18n/generated/messages.js';
import { MSG } from '../../../shared/messages.ts';

/** Each error's heading and text, in the language being spoken (the spec's messages exact in English). */
function copyOf(status: 404 | 500 | 504): { heading: string; text: string } {
  if (status === 404) return { heading: m.error_404_heading(), text: `${MSG.notFound} ${m.error_404_more()}` };
  if (status === 500) return { heading: m.error_500_heading(), text: MSG.serverError };
  return { heading: m.error_504_heading(), text: m.error_504_text() };
}

/** The 404, 500 and 504 pages: what happened and where to go next. */
export function ErrorPage({ status, shopName }: { status: 404 | 500 | 504; shopName: string }) {
  const copy = copyOf(status);
  return (
    <section className="error-page" data-error-status={status}>
      <p className="error-page__code">{status}</p>
      <h1>{copy.heading}</h1>
      <p>{copy.text}</p>
      <ul className="error-page__links">
        <li>
          <a className="button" href="/">
            {m.error_back_home({ shopName })}
          </a>
        </li>
        <li>
          <a href="/search">{m.error_search_parts()}</a>
        </li>
        <li>
          <a href="/help">{m.error_help_center()}</a>
        </li>
      </ul>
    </section>
  );
}
