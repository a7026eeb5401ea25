import { PRIVACY_CHOICES_PATH } from '../../../shared/tracking.ts';

/**
 * The Canadian marketing-consent banner, asked once before any marketing tracking: in the page's flow under the
 * header, so it covers nothing (the vehicle selector, a field, a button) and nothing moves when it appears. A form
 * posted to the privacy choices page, so it works before and without scripts; client/tracking/privacy.ts answers it
 * in place once scripts run.
 */
export function ConsentBanner() {
  return (
    <form
      className="consent-banner"
      method="post"
      action={PRIVACY_CHOICES_PATH}
      aria-label="Analytics and marketing cookies"
      data-consent-banner=""
    >
      <p>
        We use cookies to tell visits apart and to measure our ads. Allow them?{' '}
        <a href={PRIVACY_CHOICES_PATH}>Your Privacy Choices</a>
      </p>
      <button type="submit" name="marketing" value="allow">
        Allow
      </button>
      <button type="submit" name="marketing" value="deny">
        Decline
      </button>
    </form>
  );
}
