/** The §4 Login rules that decide where a member lands after signing in. */

/** Callback paths containing one of these fragments go to /myAccount instead (a configured block list). */
export const CALLBACK_BLOCK_LIST = [
  '/login',
  '/createAccount',
  '/retrievePassword',
  '/signUpResult',
  '/checkout/orderResult',
  '//',
  'javascript:',
] as const;

/** Query values that arrive URL-encoded and are decoded on return (§4). */
const DECODED_KEYS = ['sid', 'nid'];

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A placeholder origin for callers that only need the path: same-origin is judged against it. */
const ANY_ORIGIN = 'https://shop.invalid';

/**
 * A callback path only if it stays on the shop's own origin: it must start with one `/`, hold
 * no backslash or control character (browsers read `/\evil.host` and `/<tab>/evil.host` as
 * another host), and resolve against `origin` to that same origin. Answers the path as parsed.
 */
export function sameOriginPath(raw: string | null, origin: string = ANY_ORIGIN): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!raw?.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after sign-in: `callBackPath` with its query (`queryStr`, a JSON object) restored;
 * /myAccount when there is none, when it is not a path of this shop (`origin`, see
 * `sameOriginPath`), or when it contains a blocked fragment.
 */
export function loginDestination(
  search: URLSearchParams,
  origin: string = ANY_ORIGIN,
  blockList: readonly string[] = CALLBACK_BLOCK_LIST,
): string {
  const path = sameOriginPath(search.get('callBackPath'), origin);
  if (!path || blockList.some((fragment) => path.includes(fragment))) return '/myAccount';
  const query = new URLSearchParams();
  const raw = search.get('queryStr');
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
          if (value === null || value === undefined || typeof value === 'object') continue;
          const text = String(value);
          query.set(key, DECODED_KEYS.includes(key) ? safeDecode(text) : text);
        }
      }
    } catch {
      // A malformed queryStr is ignored: the member still lands on the path.
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The /login address that brings the member back here afterwards. */
export function loginUrlFor(pathname: string, search: URLSearchParams): string {
  const params = new URLSearchParams({ callBackPath: pathname });
  if ([...search.keys()].length > 0) params.set('queryStr', JSON.stringify(Object.fromEntries(search)));
  return `/login?${params}`;
}
