import * as m from '../../../shared/i18n/generated/messages.js';
import { MSG } from '../../../shared/messages.ts';

/** The statuses the shop answers with a page of its own. */
export type ErrorStatus = 400 | 404 | 500 | 504;

/** Each error's heading and text, in the language being spoken (the spec's messages exact in English). */
function copyOf(status: ErrorStatus): { heading: string; text: string } {
  if (status === 400) return { heading: m.error_400_heading(), text: m.error_400_text() };
  if (status === 404) return { heading: m.error_404_heading(), text: `${MSG.notFound} ${m.error_404_more()}` };
  if (status === 500) return { heading: m.error_500_heading(), text: MSG.serverError };
  return { heading: m.error_504_heading(), text: m.error_504_text() };
}

/** The 400, 404, 500 and 504 pages: what happened and where to go next. */
export function ErrorPage({ status, shopName }: { status: ErrorStatus; shopName: string }) {
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
