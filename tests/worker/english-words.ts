import { ENGLISH_WORDS } from '../e2e/english-scan.ts';

/**
 * The English words a French page or email shows, found as tests/e2e/english-scan.ts finds them in
 * Chromium, here on the HTML the Worker sends: its text, the names, placeholders, descriptions and
 * titles people and screen readers read, less what is not to be translated (translate="no": brand
 * names and part numbers), what speaks English on purpose (lang="en-..": the switch to English),
 * shoppers' own words (data-shopper-words), scripts and styles.
 */

const SKIPPED = '[translate="no"], [lang^="en"], [data-shopper-words], script, style, noscript, template';
const READ_ATTRIBUTES = ['aria-label', 'placeholder', 'alt', 'title'] as const;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decoded = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

/** The English words of a text, each with where it was read. */
export function englishWordsOf(text: string, where = 'text'): string[] {
  // Addresses are not words: a link's path (/order/track) is the same in both languages. Nor are codes: an
  // order number, an RMA or a part number is random letters and digits (CA261128-60SJ-WE2P-… holds "WE").
  const plain = decoded(text)
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\b(?=[A-Z0-9-]*\d)[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, '');
  return (plain.match(/\p{L}+/gu) ?? [])
    .filter((word) => ENGLISH_WORDS.has(word.toLowerCase()))
    .map((word) => `${word} in "${plain.trim().replace(/\s+/g, ' ').slice(0, 80)}" (${where})`);
}

/** The English words of a page's (or an HTML email's) text and read attributes. */
export async function englishIn(html: string): Promise<string[]> {
  const found: string[] = [];
  let skipped = 0;
  let text = '';
  const flush = () => {
    if (text) found.push(...englishWordsOf(text));
    text = '';
  };
  await new HTMLRewriter()
    .on(SKIPPED, {
      element(element) {
        skipped++;
        element.onEndTag(() => {
          flush();
          skipped--;
        });
      },
    })
    .on('*', {
      element(element) {
        flush();
        if (skipped > 0) return;
        for (const name of READ_ATTRIBUTES) {
          const value = element.getAttribute(name);
          if (value && (name !== 'alt' || element.tagName === 'img')) found.push(...englishWordsOf(value, name));
        }
      },
    })
    .onDocument({
      text(chunk) {
        if (skipped === 0) text += chunk.text;
        if (chunk.lastInTextNode) flush();
      },
    })
    .transform(new Response(html))
    .text();
  flush();
  return found;
}

/** Elements whose text runs on with the words around them; any other tag separates words. */
const INLINE = /^<\/?(?:a|strong|em|b|i|small|span|abbr|time|bdi)\b/i;

/** What a page reads as, for comparing words: its text without tags or comments, entities decoded, spaces collapsed
 * (no-break spaces kept: French writes them in numbers and before units). */
export function textOf(html: string): string {
  return decoded(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, (tag) => (INLINE.test(tag) ? '' : ' ')),
  )
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}
