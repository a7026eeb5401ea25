// The shapes and palette every part drawing is made of: one ink outline (set once, on the group that
// holds a drawing), flat fills from a short palette, the category's colour as the accent.

/** A part drawn around (0, 0), within about ±150 units, for one accent colour. */
export type Drawing = (accent: string) => string;

/** How a part type is drawn: the drawing, and where the detail view looks (default the centre). */
export interface PartDrawing {
  draw: Drawing;
  focus?: [number, number];
}

export const INK = '#37474f';
export const PALETTE = {
  metal: '#cfd8dc',
  steel: '#90a4ae',
  dark: '#546e7a',
  black: '#263238',
  light: '#f5f7f8',
  white: '#ffffff',
  glass: '#e1f5fe',
  amber: '#ffb300',
  red: '#e53935',
  copper: '#c77c48',
  cream: '#fff3e0',
} as const;

const n = (value: number) => String(Math.round(value * 10) / 10);

/** A rectangle (rounded when r is given). */
export function rect(x: number, y: number, w: number, h: number, fill: string, r = 0): string {
  const round = r ? ` rx="${n(r)}"` : '';
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${round} fill="${fill}"/>`;
}

/** A circle. */
export function circle(cx: number, cy: number, r: number, fill: string): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`;
}

/** An ellipse. */
export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}

/** A filled path (fill "none" for an outline). */
export function path(d: string, fill: string): string {
  return `<path d="${d}" fill="${fill}"/>`;
}

/** A stroked line or polyline in its own colour and width. */
export function stroke(d: string, color: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}"/>`;
}

/** A thick bar between two points: an ink outline with a coloured core, like a rod or an arm. */
export function bar(x1: number, y1: number, x2: number, y2: number, width: number, fill: string): string {
  const d = `M${n(x1)} ${n(y1)} L${n(x2)} ${n(y2)}`;
  return stroke(d, INK, width + 8) + stroke(d, fill, width);
}

/** A zigzag from (x, y1) to (x, y2): a coil spring seen from the side, or a row of filter pleats. */
export function zigzag(x: number, y1: number, y2: number, half: number, turns: number): string {
  const step = (y2 - y1) / (turns * 2);
  let d = `M${n(x - half)} ${n(y1)}`;
  for (let i = 1; i <= turns * 2; i++) d += ` L${n(i % 2 ? x + half : x - half)} ${n(y1 + step * i)}`;
  return d;
}

/** `count` items evenly around a circle of the given radius, starting at `start` radians. */
export function ring(count: number, radius: number, draw: (x: number, y: number) => string, start = 0): string {
  return Array.from({ length: count }, (_, i) => {
    const angle = start + (i / count) * Math.PI * 2;
    return draw(Math.round(Math.cos(angle) * radius * 10) / 10, Math.round(Math.sin(angle) * radius * 10) / 10);
  }).join('');
}

/** A regular hexagon (a nut or a hex shoulder) centred on (cx, cy). */
export function hexagon(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 6 }, (_, i) => {
    const angle = (i / 6) * Math.PI * 2;
    return `${n(cx + Math.cos(angle) * r)} ${n(cy + Math.sin(angle) * r)}`;
  });
  return path(`M${points.join(' L')} Z`, fill);
}

/** Short text in the drawing's sans-serif (labels on bottles and boxes). */
export function label(x: number, y: number, size: number, fill: string, text: string): string {
  return (
    `<text x="${n(x)}" y="${n(y)}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" ` +
    `font-weight="700" text-anchor="middle" fill="${fill}" stroke="none">${escapeXml(text)}</text>`
  );
}

/** Text made safe for SVG markup. */
export function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
