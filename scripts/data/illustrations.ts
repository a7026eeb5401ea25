// Draws the catalog's product illustrations (one SVG per category and variant) and brand
// marks into client/static, so no image ever comes from another site.
//   npm run data:illustrations
import { mkdir, writeFile } from 'node:fs/promises';
import { BRANDS, CATALOG } from './part-types.ts';
import { slugify } from './vehicle-tree.ts';

const GLYPH: Record<string, string> = {
  brakes:
    '<circle cx="0" cy="0" r="80" fill="#b0bec5"/><circle cx="0" cy="0" r="26" fill="#eceff1"/>' +
    '<g fill="#90a4ae">{holes}</g>' +
    '<path d="M-95 -40 A100 100 0 0 1 -40 -95 L-25 -60 A65 65 0 0 0 -60 -25 Z" fill="{accent}"/>',
  lighting:
    '<path d="M-90 -50 Q-90 -70 -70 -70 L60 -70 Q90 -70 90 -40 L90 40 Q90 70 60 70 L-70 70 Q-90 70 -90 50 Z" ' +
    'fill="#eceff1" stroke="#90a4ae" stroke-width="6"/>' +
    '<circle cx="-30" cy="0" r="38" fill="#fff59d" stroke="{accent}" stroke-width="6"/>' +
    '<circle cx="45" cy="0" r="22" fill="#fffde7" stroke="#b0bec5" stroke-width="4"/>',
  body:
    '<path d="M-110 30 L-95 -10 Q-80 -40 -40 -45 L40 -45 Q70 -42 90 -10 L110 30 Z" fill="{accent}"/>' +
    '<rect x="-110" y="25" width="220" height="25" rx="8" fill="{accent}"/>' +
    '<circle cx="-60" cy="55" r="22" fill="#263238"/><circle cx="60" cy="55" r="22" fill="#263238"/>' +
    '<path d="M-70 -8 L-55 -35 L-5 -35 L-5 -8 Z M5 -8 L5 -35 L45 -35 L70 -8 Z" fill="#e3f2fd"/>',
  'suspension-steering':
    '<rect x="-14" y="-100" width="28" height="200" rx="8" fill="#90a4ae"/>' +
    '<path d="M-50 -70 L50 -50 L-50 -30 L50 -10 L-50 10 L50 30 L-50 50 L50 70" ' +
    'fill="none" stroke="{accent}" stroke-width="14" stroke-linecap="round"/>',
  'engine-cooling':
    '<rect x="-90" y="-50" width="180" height="100" rx="10" fill="#78909c"/>' +
    '<rect x="-70" y="-80" width="140" height="34" rx="6" fill="{accent}"/><g fill="#b0bec5">' +
    '<rect x="-60" y="-30" width="30" height="60"/><rect x="-15" y="-30" width="30" height="60"/>' +
    '<rect x="30" y="-30" width="30" height="60"/></g>',
  exhaust:
    '<rect x="-70" y="-40" width="120" height="80" rx="40" fill="#90a4ae"/>' +
    '<rect x="-120" y="-10" width="60" height="20" fill="#78909c"/>' +
    '<rect x="45" y="-8" width="70" height="16" fill="{accent}"/>',
  electrical:
    '<rect x="-85" y="-55" width="170" height="110" rx="10" fill="#37474f"/>' +
    '<rect x="-65" y="-72" width="30" height="18" fill="#b0bec5"/>' +
    '<rect x="35" y="-72" width="30" height="18" fill="#b0bec5"/>' +
    '<path d="M10 -40 L-25 8 L2 8 L-12 45 L30 -8 L4 -8 Z" fill="{accent}"/>',
  interior:
    '<path d="M-40 -100 Q-10 -110 10 -90 L20 20 L-35 20 Z" fill="{accent}"/>' +
    '<path d="M-50 20 L70 20 Q85 20 85 40 L85 60 L-50 60 Z" fill="{accent}" opacity="0.85"/>' +
    '<rect x="-45" y="60" width="12" height="40" fill="#455a64"/>' +
    '<rect x="60" y="60" width="12" height="40" fill="#455a64"/>',
  'wheels-tires':
    '<circle cx="0" cy="0" r="95" fill="#263238"/><circle cx="0" cy="0" r="60" fill="#cfd8dc"/>' +
    '<g stroke="{accent}" stroke-width="12">{spokes}</g><circle cx="0" cy="0" r="14" fill="#78909c"/>',
  accessories:
    '<path d="M-70 70 L30 -30 A40 40 0 1 1 60 0 L-40 100 Z" fill="#90a4ae"/>' +
    '<circle cx="55" cy="-35" r="14" fill="#eceff1"/>' +
    '<rect x="-95" y="-95" width="70" height="50" rx="8" fill="{accent}"/>',
};

function ring(count: number, radius: number, draw: (x: number, y: number, angle: number) => string): string {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2;
    return draw(Math.round(Math.cos(angle) * radius), Math.round(Math.sin(angle) * radius), angle);
  }).join('');
}

function illustration(handle: string, color: string, variant: number): string {
  const rotate = [0, -12, 10, 24][variant - 1] ?? 0;
  const background = ['#f5f5f5', '#eef2f7', '#f7f3ee', '#eef7f1'][variant - 1] ?? '#f5f5f5';
  const glyph = GLYPH[handle]!.replaceAll('{accent}', color)
    .replace(
      '{holes}',
      ring(6, 50, (x, y) => `<circle cx="${x}" cy="${y}" r="7"/>`),
    )
    .replace(
      '{spokes}',
      ring(5, 50, (x, y) => `<line x1="0" y1="0" x2="${x}" y2="${y}"/>`),
    );
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 270 270" width="270" height="270">' +
    `<rect width="270" height="270" fill="${background}"/>` +
    `<g transform="translate(135 135) rotate(${rotate})">${glyph}</g></svg>\n`
  );
}

function brandMark(name: string, abbreviation: string, index: number): string {
  const hue = (index * 47) % 360;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 60" width="160" height="60">' +
    `<rect width="160" height="60" rx="8" fill="hsl(${hue} 55% 28%)"/>` +
    '<text x="80" y="38" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="#fff" ' +
    `text-anchor="middle">${abbreviation}</text>` +
    `<title>${name}</title></svg>\n`
  );
}

await mkdir('client/static/parts', { recursive: true });
await mkdir('client/static/brands', { recursive: true });
for (const top of CATALOG) {
  for (let variant = 1; variant <= 4; variant++)
    await writeFile(`client/static/parts/${top.handle}-${variant}.svg`, illustration(top.handle, top.color, variant));
}
for (const [i, brand] of BRANDS.entries())
  await writeFile(`client/static/brands/${slugify(brand.name)}.svg`, brandMark(brand.name, brand.abbreviation, i));
await writeFile(
  'client/static/parts/placeholder.svg',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 270 270" width="270" height="270">' +
    '<rect width="270" height="270" fill="#eceff1"/>' +
    '<path d="M95 170 L125 130 L150 160 L165 145 L185 170 Z" fill="#b0bec5"/>' +
    '<circle cx="165" cy="110" r="12" fill="#b0bec5"/></svg>\n',
);
console.log(`drew ${CATALOG.length * 4} part illustrations and ${BRANDS.length} brand marks`);
