import { PRIVACY_CHOICES_PATH } from '../../../shared/tracking.ts';
import * as m from '../../../shared/i18n/generated/messages.js';

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
      aria-label={m.consent_label()}
      data-consent-banner=""
    >
      <p>
        {m.consent_text()} <a href={PRIVACY_CHOICES_PATH}>{m.link_privacy_choices()}</a>
      </p>
      <button type="submit" name="marketing" value="allow">
        {m.consent_allow()}
      </button>
      <button type="submit" name="marketing" value="deny">
        {m.consent_decline()}
      </button>
    </form>
  );
}
