/** What the page knows of the shopper's choice. */
export interface PrivacyChoicesView {
  market: 'us' | 'ca';
  /** The browser sends Global Privacy Control: marketing is off whatever the form says (US). */
  gpc: boolean;
  marketingOn: boolean;
  saved: boolean;
}

/**
 * "Your Privacy Choices" (issue 25): the US opt-out of marketing tracking (sale or sharing of personal
 * information for ads), honouring Global Privacy Control; the Canadian consent to marketing tracking.
 * A plain form: it works without scripts.
 */
export function PrivacyChoicesPage({ view }: { view: PrivacyChoicesView }) {
  return (
    <section className="privacy-choices" aria-labelledby="privacy-choices-title">
      <h1 id="privacy-choices-title">Your Privacy Choices</h1>
      <p>
        We measure how the shop is used (pages seen, searches, errors) to run it. Marketing tracking (our advertising
        and affiliate partners) is separate, and you decide about it here.
      </p>
      {view.market === 'ca' && (
        <p data-privacy-analytics="">
          Until you allow it, we count your visits without anything that tells your browser apart: no analytics id is
          stored, and neither your network address nor your visitor key is kept with them.
        </p>
      )}
      {view.gpc && (
        <p data-privacy-gpc="">
          Your browser sends the Global Privacy Control signal, so marketing tracking is off on this browser.
        </p>
      )}
      <p data-privacy-state={view.marketingOn ? 'on' : 'off'}>
        Marketing tracking is {view.marketingOn ? 'on' : 'off'}.
      </p>
      {view.saved && (
        <p role="status" data-privacy-saved="">
          Your choice is saved.
        </p>
      )}
      <form method="post" action="/privacy-choices">
        <button type="submit" name="marketing" value="deny">
          {view.market === 'us' ? 'Do not sell or share my personal information' : 'Decline marketing tracking'}
        </button>{' '}
        {!view.gpc && (
          <button type="submit" name="marketing" value="allow">
            Allow marketing tracking
          </button>
        )}
      </form>
    </section>
  );
}
