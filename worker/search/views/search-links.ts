/** The /search addresses the results page links to: the same search with some parameters changed. */

/** The filters "Clear all" takes away; the keyword, the vehicle and the sort stay. */
export const FILTER_PARAMS = ['category', 'brand', 'minPrice', 'maxPrice', 'fits'] as const;

/** The same search with each named parameter set (or, for null, removed), back on its first page. */
export function searchHref(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  const query = next.toString();
  return query ? `/search?${query}` : '/search';
}

/** The same search without any filter. */
export function clearAllHref(params: URLSearchParams): string {
  return searchHref(params, Object.fromEntries(FILTER_PARAMS.map((key) => [key, null])));
}
