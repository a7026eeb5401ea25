// The brands' marks: an emblem for what the brand makes and its name as a wordmark, so "Shop by brand" shows
// brands a shopper can tell apart (a brake disc for DuraStop, a bolt for Voltline), not letter codes. Drawn into
// client/static/brands by `npm run data:illustrations`; deterministic, the same brand gives the same bytes.

/** Each emblem in a 40 x 40 box, drawn in the brand's colour (`C`) on white. */
const EMBLEMS: Record<string, string> = {
  'AutoHaven Pro':
    '<rect width="40" height="40" rx="8" fill="C"/>' +
    '<path d="M7 25l4-9h18l4 9v5h-4a2.5 2.5 0 0 1-5 0h-8a2.5 2.5 0 0 1-5 0H7z" fill="#fff"/>',
  DuraStop:
    '<circle cx="20" cy="20" r="17" fill="none" stroke="C" stroke-width="4"/><circle cx="20" cy="20" r="6" fill="C"/>' +
    '<path d="M29 5a17 17 0 0 1 8 10l-7 3a10 10 0 0 0-5-6z" fill="C"/>',
  'BrightPath Lighting':
    '<path d="M4 12h8a8 8 0 0 1 0 16H4z" fill="C"/>' +
    '<path d="M18 12l18-5M18 20h19M18 28l18 5" stroke="C" stroke-width="3" stroke-linecap="round"/>',
  'IronClad Auto':
    '<path d="M20 2l16 6v10c0 10-7 17-16 20C11 35 4 28 4 18V8z" fill="C"/><path d="M13 19l5 5 9-10" ' +
    'fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>',
  'NorthRidge Suspension':
    '<path d="M2 34l11-18 7 10 6-14 12 22z" fill="C"/>' +
    '<path d="M8 38h24" stroke="C" stroke-width="3" stroke-linecap="round"/>',
  TorqueMaster:
    '<path d="M17 2h6l1 5 4 2 5-3 4 4-3 5 2 4 5 1v6l-5 1-2 4 3 5-4 4-5-3-4 2-1 5h-6l-1-5-4-2-5 3-4-4 3-5-2-4-5-1' +
    'v-6l5-1 2-4-3-5 4-4 5 3 4-2z" fill="C"/><circle cx="20" cy="20" r="6" fill="#fff"/>',
  'FlowMax Exhaust':
    '<path d="M3 12c6-6 11 6 17 0s11 6 17 0M3 21c6-6 11 6 17 0s11 6 17 0M3 30c6-6 11 6 17 0s11 6 17 0" ' +
    'fill="none" stroke="C" stroke-width="3.5" stroke-linecap="round"/>',
  'Voltline Electric': '<path d="M24 2L7 23h11l-3 15 18-22H22z" fill="C"/>',
  'ClearView Optics':
    '<path d="M2 20c5-9 11-13 18-13s13 4 18 13c-5 9-11 13-18 13S7 29 2 20z" fill="none" stroke="C" ' +
    'stroke-width="3.5"/><circle cx="20" cy="20" r="7" fill="C"/>',
  TrailGuard:
    '<circle cx="20" cy="20" r="17" fill="none" stroke="C" stroke-width="3.5"/>' +
    '<path d="M20 6l5 14-5 14-5-14z" fill="C"/>',
  'PrimeFit Interiors':
    '<path d="M12 4h10a3 3 0 0 1 3 3l-2 17h11a3 3 0 0 1 3 3v4H10l-1-24a3 3 0 0 1 3-3z" fill="C"/>' +
    '<path d="M14 31v6M32 31v6" stroke="C" stroke-width="3.5" stroke-linecap="round"/>',
  'Redline Motorworks':
    '<path d="M5 30a15 15 0 1 1 30 0" fill="none" stroke="C" stroke-width="4" stroke-linecap="round"/>' +
    '<path d="M20 30l11-12" stroke="C" stroke-width="3.5" stroke-linecap="round"/>' +
    '<circle cx="20" cy="30" r="4" fill="C"/>',
};

/** The name as it is set: one line, or two when it is long (its first word, then the rest). */
function nameLines(name: string): string[] {
  const space = name.indexOf(' ');
  return name.length <= 12 || space < 0 ? [name] : [name.slice(0, space), name.slice(space + 1)];
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A brand's mark, 160 x 60: its emblem and its name; a brand with no emblem of its own gets its initials in a disc. */
export function brandMark(name: string, abbreviation: string, index: number): string {
  const colour = `hsl(${(index * 47) % 360} 60% 32%)`;
  const emblem = (
    EMBLEMS[name] ??
    '<circle cx="20" cy="20" r="18" fill="C"/><text x="20" y="26" font-family="Arial, sans-serif" font-size="14" ' +
      `font-weight="700" fill="#fff" text-anchor="middle">${xmlText(abbreviation)}</text>`
  ).replaceAll('"C"', `"${colour}"`);
  const lines = nameLines(name);
  const size = lines.some((line) => line.length > 11) ? 14 : 16;
  const text = lines
    .map((line, i) => {
      const y = lines.length === 1 ? 36 : 27 + i * (size + 2);
      const fill = i === 0 ? '#1f2937' : colour;
      return `<text x="54" y="${y}" font-size="${size}" font-weight="${i === 0 ? 800 : 600}" fill="${fill}">${xmlText(
        line,
      )}</text>`;
    })
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 60" width="160" height="60" role="img">' +
    `<title>${xmlText(name)}</title><g transform="translate(6 10)">${emblem}</g>` +
    `<g font-family="Arial, Helvetica, sans-serif">${text}</g></svg>\n`
  );
}
