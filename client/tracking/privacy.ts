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
 * The Canadian consent banner: asks once before any marketing tracking; the answer is a form posted to
 * the privacy choices page, so it works before (and without) scripts, and `onGranted` runs on "Allow".
 */
export function askConsent(onGranted: () => void): void {
  if (!asksConsent(signals()) || document.querySelector('[data-consent-banner]')) return;
  const banner = document.createElement('form');
  banner.method = 'post';
  banner.action = PRIVACY_CHOICES_PATH;
  banner.className = 'consent-banner';
  banner.dataset.consentBanner = '';
  banner.setAttribute('aria-label', 'Analytics and marketing cookies');
  banner.innerHTML =
    '<p>We use cookies to tell visits apart and to measure our ads. Allow them? ' +
    `<a href="${PRIVACY_CHOICES_PATH}">Your Privacy Choices</a></p>` +
    '<button type="submit" name="marketing" value="allow">Allow</button> ' +
    '<button type="submit" name="marketing" value="deny">Decline</button>';
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
  document.body.appendChild(banner);
}
