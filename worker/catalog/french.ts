/**
 * The catalog in Canadian French (issue 37): category and part-type names, titles, specifications,
 * fitment positions and notes, questions and the generator's sentences, from the catalogue of the
 * catalog's words (shared/i18n/catalog-fr.json). A title is read as the catalog writes it
 * ("<brand> <variant> <part>, <position> for <vehicle>") and written in French word order; brand
 * names, part numbers and vehicle names stay as they are. Text the catalogue does not know stays
 * in English. Everything here runs on the server: no page ships this vocabulary.
 */
import words from '../../shared/i18n/catalog-fr.json' with { type: 'json' };
import { currentLocale } from '../../shared/i18n/current.ts';

const { categories, titles, variants, positions, specLabels, specValues, notes, faqs, sentences } = words as Record<
  string,
  Record<string, string>
>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLength = (list: string[]) => [...list].sort((a, b) => b.length - a.length);
const VARIANT = `(?<variant>${byLength(Object.keys(variants!)).map(escape).join('|')})`;

/** Each title template as a pattern over an English title's part before its position and vehicle. */
const TEMPLATES = byLength(Object.keys(titles!)).map((template) => {
  const pattern = escape(template)
    .replace('\\{brand\\}', '(?<brand>.+?)')
    .replace('\\{variant\\}', VARIANT)
    .replace('\\{size\\}', '(?<size>.+?)')
    .replace('\\{count\\}', '(?<count>\\d+)');
  return { pattern: new RegExp(`^${pattern}$`), french: titles![template]! };
});
const POSITIONS = byLength(Object.keys(positions!));

/** Inches and decimals as French writes them: "20 in." -> "20 po", "1.25 in." -> "1,25 po". */
function frenchMeasure(text: string): string {
  return text.replace(/(\d+)\.(\d+)/g, '$1,$2').replace(/\bin\.(?=\s|$|,)/g, 'po');
}

function frenchBase(base: string): string | null {
  for (const { pattern, french } of TEMPLATES) {
    const found = pattern.exec(base);
    if (!found?.groups) continue;
    const { brand = '', variant = '', size = '', count = '' } = found.groups;
    return french
      .replace('{brand}', brand)
      .replace('{variant}', variants![variant] ?? variant)
      .replace('{size}', frenchMeasure(size))
      .replace('{count}', count)
      .replace(/\s+/g, ' ')
      .trim();
  }
  return null;
}

/** The vehicle a title names: "Acura 3.0L-3.7L 6-Cyl Engines" -> "moteurs Acura 3,0L-3,7L 6 cyl.". */
function frenchVehicle(vehicle: string): string {
  const engines = /^(.*) Engines$/.exec(vehicle);
  return engines ? `moteurs ${engines[1]}` : vehicle;
}

/** A product title in French word order; a title the catalog did not write this way stays as it is. */
export function frenchTitle(title: string): string {
  let base = title;
  let vehicle = '';
  const cut = title.lastIndexOf(' for ');
  if (cut > 0) [base, vehicle] = [title.slice(0, cut), title.slice(cut + ' for '.length)];
  let position = '';
  const named = POSITIONS.find((en) => base.endsWith(`, ${en}`));
  if (named) [base, position] = [base.slice(0, -(named.length + 2)), positions![named]!];
  const french = frenchBase(base);
  if (french === null) return title;
  return `${french}${position ? `, ${position}` : ''}${vehicle ? ` pour ${frenchVehicle(vehicle)}` : ''}`;
}

/** A short catalog text (category, specification, note, position, question, sentence) in French. */
export function frenchWords(text: string): string {
  return (
    categories![text] ??
    specLabels![text] ??
    specValues![text] ??
    notes![text] ??
    positions![text] ??
    faqs![text] ??
    sentences![text] ??
    frenchMeasure(text)
  );
}

/**
 * A subtitle as the catalog writes it ("Ceramic brake pads, front")
 * in French ("Plaquettes de frein en céramique, avant").
 */
export function frenchSubtitle(subtitle: string): string {
  const [head = '', position] = subtitle.split(', ');
  const part = Object.keys(categories!).find((name) => head.toLowerCase().endsWith(` ${name.toLowerCase()}`));
  if (!part) return subtitle;
  const variant = head.slice(0, head.length - part.length - 1);
  const french = `${categories![part]} ${variants![variant] ?? variant}`;
  return position ? `${french}, ${(positions![capitalize(position)] ?? position).toLowerCase()}` : french;
}

const capitalize = (text: string) => text.replace(/\b\w/g, (letter) => letter.toUpperCase());

/** A description: its leading title and each sentence the catalog writes, in French. */
export function frenchDescription(text: string, title: string): string {
  let rest = text;
  let head = '';
  if (text.startsWith(`${title}.`)) [head, rest] = [`${frenchTitle(title)}.`, text.slice(title.length + 1)];
  const body = rest
    .split(/(?<=\.)\s+/)
    .map((sentence) => (sentence.trim() ? frenchWords(sentence.trim()) : ''))
    .filter(Boolean)
    .join(' ');
  return [head, body].filter(Boolean).join(' ');
}

const inFrench = () => currentLocale() === 'fr';

/** A title in the language being spoken (stored English titles of carts and orders included). */
export function localTitle(title: string): string {
  return inFrench() ? frenchTitle(title) : title;
}

/** Catalog words in the language being spoken. */
export function localWords(text: string): string {
  return inFrench() ? frenchWords(text) : text;
}

interface ProductText {
  item: {
    title: string;
    subTitle: string | null;
    detailContent: string | null;
    installation: string | null;
    warranty: string | null;
    alt: string | null;
    seoTitle?: string | null;
    customs: { label: string; value: string }[];
    images: { title: string | null }[];
  };
  skus: { color: string | null; skuCustoms: string | null }[];
  faqs: { question: string; answer: string }[];
  fitment: { rows: { location: string | null; note: string | null }[] };
  media: { additionalVideos: { title: string | null }[] };
}

/** A variant's label/value pairs (JSON) with their catalog words in French; malformed JSON stays as it is. */
function frenchSkuCustoms(json: string): string {
  try {
    const pairs = JSON.parse(json) as { label?: unknown; value?: unknown }[];
    if (!Array.isArray(pairs)) return json;
    return JSON.stringify(
      pairs.map((pair) => ({
        ...pair,
        ...(typeof pair?.label === 'string' && { label: frenchWords(pair.label) }),
        ...(typeof pair?.value === 'string' && { value: frenchWords(pair.value) }),
      })),
    );
  } catch {
    return json;
  }
}

/** A photo's title ("<base title>, front view") in French. */
function frenchPhotoTitle(title: string): string {
  const views: Record<string, string> = {
    'front view': 'vue de face',
    'side view': 'vue de côté',
    'close-up detail': 'gros plan',
    'in its box': 'dans sa boîte',
  };
  const view = Object.keys(views).find((name) => title.endsWith(`, ${name}`));
  return view ? `${frenchTitle(title.slice(0, -(view.length + 2)))}, ${views[view]}` : frenchTitle(title);
}

/** A product page's catalog text in French (the page's own words come from the message catalogue). */
export function productInFrench<T extends ProductText>(view: T): T {
  const { item } = view;
  const or = <V>(value: V | null, change: (value: V) => V) => (value === null ? null : change(value));
  return {
    ...view,
    item: {
      ...item,
      title: frenchTitle(item.title),
      seoTitle: or(item.seoTitle ?? null, frenchTitle),
      subTitle: or(item.subTitle, frenchSubtitle),
      detailContent: or(item.detailContent, (text) => frenchDescription(text, item.title)),
      installation: or(item.installation, frenchWords),
      warranty: or(item.warranty, frenchWords),
      alt: or(item.alt, frenchTitle),
      customs: item.customs.map(({ label, value }) => ({ label: frenchWords(label), value: frenchWords(value) })),
      images: item.images.map((image) => ({ ...image, title: or(image.title, frenchPhotoTitle) })),
    },
    skus: view.skus.map((sku) => ({
      ...sku,
      color: or(sku.color, frenchWords),
      skuCustoms: or(sku.skuCustoms, frenchSkuCustoms),
    })),
    faqs: view.faqs.map(({ question, answer }) => ({ question: frenchWords(question), answer: frenchWords(answer) })),
    fitment: {
      ...view.fitment,
      rows: view.fitment.rows.map((row) => ({
        ...row,
        location: or(row.location, frenchWords),
        note: or(row.note, frenchWords),
      })),
    },
    media: {
      ...view.media,
      additionalVideos: view.media.additionalVideos.map((video) => ({
        ...video,
        title: or(video.title, (title) =>
          title.replace(
            /^How to install (.*)$/,
            (_, part: string) => `Comment installer : ${frenchWords(capitalize(part)).toLowerCase()}`,
          ),
        ),
      })),
    },
  };
}

/** Product cards' titles in the language being spoken. */
export function localCards<T extends { title: string }>(cards: T[]): T[] {
  return inFrench() ? cards.map((card) => ({ ...card, title: frenchTitle(card.title) })) : cards;
}

/** One field of an answer in French: titles, fit positions and notes, and the names the merchant translated. */
function fieldInFrench(key: string, field: unknown, names: Readonly<Record<string, string>>): unknown {
  if (key === 'title' && typeof field === 'string') return frenchTitle(field);
  // A name of both markets reads CA$ on the Canadian site (promotions/describe.ts); its French name is kept under $.
  if (key === 'name' && typeof field === 'string') return names[field] ?? names[field.replaceAll('CA$', '$')] ?? field;
  if ((key === 'positions' || key === 'notes') && Array.isArray(field))
    return field.map((text) => (typeof text === 'string' ? frenchWords(text) : text));
  return titlesInFrench(field, names);
}

/**
 * An API answer's catalog words in French: product titles (cards, cart and order lines, add-ons), fit
 * positions and notes, and the promotion names the merchandisers gave a French name (`names`).
 */
export function titlesInFrench(value: unknown, names: Readonly<Record<string, string>> = {}): unknown {
  if (Array.isArray(value)) return value.map((item) => titlesInFrench(item, names));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, fieldInFrench(key, field, names)]));
}
