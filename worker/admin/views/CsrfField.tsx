/** The hidden field every staff form carries: the session's CSRF value (guard.ts checks it). */
export function CsrfField({ value }: { value: string }) {
  return <input type="hidden" name="_csrf" value={value} />;
}
