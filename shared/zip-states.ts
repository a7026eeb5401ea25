/**
 * The US states a stored ZIP code tells apart where a rule needs its state before an address is
 * known (the product page's warning, issue 40): the states with emissions rules
 * (regulated-parts.ts), by their USPS three-digit ZIP prefixes. Other ZIP codes answer null.
 */
const ZIP_PREFIX_STATES: readonly { state: string; prefixes: readonly [number, number] }[] = [
  { state: 'CA', prefixes: [900, 961] },
  { state: 'NY', prefixes: [5, 5] },
  { state: 'NY', prefixes: [100, 149] },
  { state: 'ME', prefixes: [39, 49] },
  { state: 'CO', prefixes: [800, 816] },
];

/** The state of a US ZIP code (five digits or ZIP+4) among those above, or null. */
export function stateOfZip(code: string): string | null {
  const match = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(code);
  if (!match) return null;
  const prefix = Number(match[1]!.slice(0, 3));
  return ZIP_PREFIX_STATES.find(({ prefixes: [low, high] }) => prefix >= low && prefix <= high)?.state ?? null;
}
