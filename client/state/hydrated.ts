import { useEffect, useState } from 'react';

/**
 * False during the server render and the first browser render, true after: islands that show
 * what only the browser knows (its stored vehicle) switch then, so hydration always matches.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
