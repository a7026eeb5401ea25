import * as m from '../../../shared/i18n/generated/messages.js';

/** Which emailed link the page serves: the double opt-in's confirmation, or leaving the newsletter. */
export type NewsletterLink = 'confirm' | 'leave';

export interface NewsletterLinkView {
  link: NewsletterLink;
  shopName: string;
  /** The link's token waits in an HttpOnly cookie: the page shows its button. */
  linked: boolean;
  /** What pressing the button did; null before. */
  result: { ok: boolean; text: string } | null;
}

const WORDS = {
  confirm: {
    heading: m.newsletter_confirm_heading,
    text: m.newsletter_confirm_text,
    button: m.newsletter_confirm_button,
  },
  leave: { heading: m.newsletter_leave_heading, text: m.newsletter_leave_text, button: m.newsletter_leave_button },
} as const;

export const NEWSLETTER_PATH: Record<NewsletterLink, string> = {
  confirm: '/newsletter/confirm',
  leave: '/newsletter/unsubscribe',
};

/**
 * The page a newsletter email's link opens: a button, so a mail scanner's visit neither subscribes nor
 * unsubscribes anyone, and the link's token never stays in the address (it waits in a cookie).
 */
export function NewsletterLinkPage({ view }: { view: NewsletterLinkView }) {
  const words = WORDS[view.link];
  return (
    <section className="account-entry">
      <a className="logo logo--dark" href="/">
        {m.account_back_to_shop()}
      </a>
      <h1>{words.heading()}</h1>
      {view.result ? (
        <p data-newsletter-result={view.result.ok ? 'ok' : 'error'} role={view.result.ok ? 'status' : 'alert'}>
          {view.result.text}
        </p>
      ) : view.linked ? (
        <form method="post" action={NEWSLETTER_PATH[view.link]} className="account-form">
          <p>{words.text({ shopName: view.shopName })}</p>
          <button className="button" type="submit">
            {words.button()}
          </button>
        </form>
      ) : (
        <p role="status">{m.newsletter_open_link()}</p>
      )}
    </section>
  );
}
