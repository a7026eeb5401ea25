import { MSG } from '../../../shared/messages.ts';

/** The statuses the shop answers with a page of its own. */
export type ErrorStatus = 400 | 404 | 500 | 504;

const COPY: Record<ErrorStatus, { heading: string; text: string }> = {
  400: { heading: 'This form could not be read', text: 'Please go back, reload the page and try again.' },
  404: {
    heading: 'Page not found',
    text: `${MSG.notFound} It may have moved, or the address may be mistyped.`,
  },
  500: { heading: 'Something went wrong', text: MSG.serverError },
  504: { heading: 'The page took too long', text: 'Our server took too long to answer. Please try again in a moment.' },
};

/** The 400, 404, 500 and 504 pages: what happened and where to go next. */
export function ErrorPage({ status, shopName }: { status: ErrorStatus; shopName: string }) {
  const copy = COPY[status];
  return (
    <section className="error-page" data-error-status={status}>
      <p className="error-page__code">{status}</p>
      <h1>{copy.heading}</h1>
      <p>{copy.text}</p>
      <ul className="error-page__links">
        <li>
          <a className="button" href="/">
            Back to {shopName} home
          </a>
        </li>
        <li>
          <a href="/search">Search parts</a>
        </li>
        <li>
          <a href="/help">Help center</a>
        </li>
      </ul>
    </section>
  );
}
