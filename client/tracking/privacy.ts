import { asksConsent, marketingAllowed, PRIVACY_COOKIE, PRIVACY_CHOICES_PATH } from '../../shared/tracking.ts';
import { cookieOf } from './browser.ts';

const market = (): 'us' | 'ca' => (document.documentElement.dataset.market === 'ca' ? 'ca' : 'us');

function signals() {
  return {
    market: market(),
    gpc: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
    optedOut: cookieOf(PRIVACY_COOKIE.optOut) === '1',
    consent: cookieOf(PRIVACY_COOKIE.consent) || undefined,
  };
}

/** Whether marketing calls and the marketing script may run for this shopper (US: GPC, opt-out; CA: consent). */
export function marketingPermitted(): boolean {
  return marketingAllowed(signals());
}

/**
 * The Canadian consent banner the server rendered (worker/tracking/views/ConsentBanner.tsx) for a shopper not asked
 * yet: answered in place, and `onGranted` runs on "Allow". Without scripts the form posts to the privacy choices page.
 */
export function askConsent(onGranted: () => void): void {
  const banner = document.querySelector<HTMLFormElement>('form[data-consent-banner]');
  if (!asksConsent(signals()) || !banner || banner.dataset.consentBanner === 'asked') return;
  banner.dataset.consentBanner = 'asked';
  banner.addEventListener('submit', (event) => {
    event.preventDefault();
    const choice = (event.submitter as HTMLButtonElement | null)?.value === 'allow' ? 'allow' : 'deny';
    void fetch(PRIVACY_CHOICES_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ marketing: choice }),
    }).then((answer) => {
      if (!answer.ok) return;
      banner.remove();
      if (choice === 'allow') onGranted();
    });
  });
}
