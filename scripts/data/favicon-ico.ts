// /favicon.ico: the shop's icon (client/static/favicon.svg, a white car on a red rounded square) as a 32 x 32 ICO, for
// the browsers and tools that ask for /favicon.ico where a page links no icon (an image or JSON opened on its own).
// Drawn here, sampled 4 x 4 per pixel for smooth edges, so the same code always gives the same bytes.

const SIZE = 32;
const SAMPLES = 4;
const RED = [0xc6, 0x28, 0x28] as const;

/** Whether a point lies inside the rounded square (corner radius 6). */
function inSquare(x: number, y: number): boolean {
  const r = 6;
  const cx = Math.min(Math.max(x, r), SIZE - r);
  const cy = Math.min(Math.max(y, r), SIZE - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Whether a point lies inside the car: the body (favicon.svg's path) and its two wheels' lower halves. */
function inCar(x: number, y: number): boolean {
  const wheel = (cx: number) => y >= 24 && (x - cx) ** 2 + (y - 24) ** 2 <= 4;
  if (wheel(11) || wheel(21)) return true;
  if (y < 13 || y > 24 || x < 6 || x > 26) return false;
  if (y >= 20) return true;
  // The roof line slopes from (9, 13) down to (6, 20) in front and from (23, 13) down to (26, 20) behind.
  const inset = ((20 - y) * 3) / 7;
  return x >= 6 + inset && x <= 26 - inset;
}

/** The pixel's colour as [blue, green, red, alpha], from the share of its samples on the square and on the car. */
function pixel(px: number, py: number): number[] {
  let square = 0;
  let car = 0;
  for (let sy = 0; sy < SAMPLES; sy++)
    for (let sx = 0; sx < SAMPLES; sx++) {
      const x = px + (sx + 0.5) / SAMPLES;
      const y = py + (sy + 0.5) / SAMPLES;
      if (!inSquare(x, y)) continue;
      square++;
      if (inCar(x, y)) car++;
    }
  const all = SAMPLES * SAMPLES;
  if (square === 0) return [0, 0, 0, 0];
  const white = car / square;
  const [r, g, b] = RED.map((channel) => Math.round(channel + (255 - channel) * white));
  return [b!, g!, r!, Math.round((255 * square) / all)];
}

/** The icon file: one 32 x 32 image, 32-bit BGRA rows bottom up, with its (empty) AND mask. */
export function faviconIco(): Uint8Array {
  const pixels = SIZE * SIZE * 4;
  const mask = (SIZE / 8) * SIZE;
  const image = 40 + pixels + mask;
  const bytes = new Uint8Array(6 + 16 + image);
  const view = new DataView(bytes.buffer);
  view.setUint16(2, 1, true); // an icon
  view.setUint16(4, 1, true); // one image
  bytes.set([SIZE, SIZE, 0, 0], 6);
  view.setUint16(10, 1, true); // colour planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, image, true);
  view.setUint32(18, 22, true); // where the image starts
  view.setUint32(22, 40, true); // BITMAPINFOHEADER
  view.setInt32(26, SIZE, true);
  view.setInt32(30, SIZE * 2, true); // the colour rows and the mask's
  view.setUint16(34, 1, true);
  view.setUint16(36, 32, true);
  view.setUint32(42, pixels + mask, true);
  let at = 62;
  for (let row = SIZE - 1; row >= 0; row--)
    for (let column = 0; column < SIZE; column++) {
      bytes.set(pixel(column, row), at);
      at += 4;
    }
  return bytes;
}
