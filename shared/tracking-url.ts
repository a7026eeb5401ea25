/**
 * What of an address analytics may keep (issue 35). Emailed links carry credentials in their query
 * (a password reset, an order's access token), and query strings carry personal data (an email on
 * order tracking): analytics keep the origin, the path and only the parameters below, which say what
 * was looked at, never who. The browser's tracker applies it before sending and the Worker again on
 * intake, so a page_url, a referrer or a marketing call's pageUrl never stores more.
 */

/** The query parameters analytics keep: the search words, the category, the page number, the campaign. */
export const ANALYTICS_URL_PARAMS: ReadonlySet<string> = new Set([
  'keyword',
  'q',
  'category',
  'page',
  'campaign',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
]);

/** A kept parameter's longest value: a search can be long, an identifier smuggled in one is not kept whole. */
const VALUE_MAX = 200;

/**
 * The address as analytics store it: origin and path, the allowed parameters, no fragment, no user
 * or password. Text that is not an absolute http(s) address (empty, garbage, another scheme) gives ''.
 */
export function analyticsUrl(raw: string): string {
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams)
    if (ANALYTICS_URL_PARAMS.has(name)) kept.append(name, value.slice(0, VALUE_MAX));
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}
