// Frames a part drawing as one gallery view: the part from the front, turned to show its depth, a
// close-up of its telling detail, and its retail box. Every view is a 400 x 400 SVG.
import { INK, PALETTE, escapeXml, type PartDrawing } from './drawing-kit.ts';
import type { PartView } from './part-images.ts';

const SIZE = 400;
const BACKGROUND = '#f4f6f8';
const FLOOR = '<ellipse cx="200" cy="360" rx="130" ry="12" fill="#e3e8ec"/>';

/** The drawing inside the group that gives every shape the same ink outline. */
function inked(markup: string, width = 4): string {
  return `<g stroke="${INK}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round">${markup}</g>`;
}

function front(drawing: PartDrawing, accent: string): string {
  return FLOOR + `<g transform="translate(200 190)">${inked(drawing.draw(accent))}</g>`;
}

/** Turned a quarter: a darker copy behind gives the part its thickness. */
function side(drawing: PartDrawing, accent: string): string {
  const markup = drawing.draw(accent);
  const depth = markup.replace(/fill="(?!none)[^"]*"/g, `fill="${PALETTE.dark}"`);
  return (
    FLOOR +
    '<g transform="translate(196 190) skewY(-12) scale(0.74 0.92)">' +
    `<g transform="translate(26 10)">${inked(depth)}</g>${inked(markup)}</g>`
  );
}

function detail(drawing: PartDrawing, accent: string): string {
  const [x, y] = drawing.focus ?? [0, 0];
  return (
    '<clipPath id="lens"><circle cx="200" cy="200" r="168"/></clipPath>' +
    `<circle cx="200" cy="200" r="168" fill="${PALETTE.white}"/>` +
    `<g clip-path="url(#lens)"><g transform="translate(200 200) scale(2.2) translate(${-x} ${-y})">` +
    `${inked(drawing.draw(accent), 3)}</g></g>` +
    `<circle cx="200" cy="200" r="168" fill="none" stroke="${accent}" stroke-width="8"/>`
  );
}

/** The widest the band's text may run, in px, and a bold sans-serif character's width per px of size. */
const BAND_TEXT = 196;
const CHAR_WIDTH = 0.62;

/**
 * A plain product box with the part's drawing on its face and the part type on its band. No brand:
 * the picture is shared by every brand's item of the type, so a brand on it would be false for all
 * but one of them.
 */
function box(drawing: PartDrawing, accent: string, name: string): string {
  const fontSize = Math.min(19, Math.floor(BAND_TEXT / (CHAR_WIDTH * name.length)));
  return (
    FLOOR +
    `<path d="M70 110 L120 76 L340 76 L290 110 Z" fill="${accent}"/>` +
    '<path d="M70 110 L120 76 L340 76 L290 110 Z" fill="#fff" opacity="0.35"/>' +
    `<path d="M290 110 L340 76 L340 316 L290 350 Z" fill="${accent}"/>` +
    '<path d="M290 110 L340 76 L340 316 L290 350 Z" fill="#000" opacity="0.25"/>' +
    `<rect x="70" y="110" width="220" height="240" fill="${accent}"/>` +
    inked(
      '<path d="M70 110 L120 76 L340 76 L340 316 L290 350 L70 350 Z ' +
        'M70 110 L290 110 L340 76 M290 110 L290 350" fill="none"/>',
      3,
    ) +
    `<rect x="86" y="126" width="188" height="166" rx="8" fill="${PALETTE.white}"/>` +
    `<g transform="translate(180 209) scale(0.5)">${inked(drawing.draw(accent))}</g>` +
    `<text x="180" y="${328 + Math.round(fontSize / 3)}" font-family="Arial, Helvetica, sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(name)}</text>`
  );
}

/** One view of a part type as a complete SVG document, titled for screen readers that open it alone. */
export function partViewSvg(drawing: PartDrawing, accent: string, name: string, view: PartView): string {
  const body =
    view === 'front'
      ? front(drawing, accent)
      : view === 'side'
        ? side(drawing, accent)
        : view === 'detail'
          ? detail(drawing, accent)
          : box(drawing, accent, name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<title>${escapeXml(`${name}, ${view}`)}</title>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="${BACKGROUND}"/>${body}</svg>\n`
  );
}
