/**
 * The third-party email-marketing list (§7 Other calls): called from the browser with the email
 * after a subscription. Off unless the shop setting EMAIL_MARKETING.listUrl is set (none by
 * default, so no request leaves the shop).
 */
export function addToMarketingList(email: string): void {
  const url = typeof document === 'undefined' ? undefined : document.body.dataset.emailMarketingUrl;
  if (!url) return;
  void fetch(url, {
    method: 'POST',
    mode: 'no-cors',
    keepalive: true,
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ email }),
  }).catch(() => undefined);
}
