import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { withMessageImports } from '../../scripts/lib/language-plugin.ts';
import manifest from '../../worker/generated/client-manifest.json';
import en from '../../shared/i18n/messages/en.json';
import fr from '../../shared/i18n/messages/fr.json';

/**
 * The words in the browser bundles (issue 37): each language's bundle holds only its own messages, and each
 * message sits in the chunk of the code that uses it, so a page loads the words of the islands it has, not
 * those of every island (the member, return and order islands' words used to ride on every page). Reads the
 * bundles `npm run build` wrote.
 */

type Locale = 'en' | 'fr';
const CATALOGUES = { en, fr } as unknown as Record<Locale, Record<string, string>>;
const script = (path: string) => readFile(`dist/client${path}`, 'utf8');
/** A message's text as esbuild writes it in a bundle: non-ASCII letters escaped. */
const asBundled = (text: string) =>
  text.replace(/[^\x20-\x7e]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 256 ? `\\x${code.toString(16).toUpperCase()}` : `\\u${code.toString(16).toUpperCase()}`;
  });

/** The scripts every page of a language loads: its entry and the chunks the entry imports. */
const everyPage = async (locale: Locale) =>
  (await Promise.all([manifest.scripts[locale].entry, ...manifest.scripts[locale].entryChunks].map(script))).join('');
const allScripts = async (locale: Locale) =>
  (await Promise.all([...new Set(Object.values(manifest.scripts[locale].islands).flat())].map(script))).join('');

describe('the messages in the browser bundles', () => {
  it.each(['en', 'fr'] as const)(
    '%s: the words of the return and member islands load with those islands, not on every page',
    async (locale) => {
      const [page, islands] = await Promise.all([everyPage(locale), allScripts(locale)]);
      for (const key of ['return_msg_video_too_large', 'member_log_empty']) {
        const text = asBundled(CATALOGUES[locale][key]!);
        expect(page, key).not.toContain(text);
        expect(islands, key).toContain(text);
      }
      expect(page).toContain(asBundled(CATALOGUES[locale].search_placeholder!));
    },
  );

  it.each([
    ['en', 'fr'],
    ['fr', 'en'],
  ] as const)('%s: ships none of the %s words', async (locale, other) => {
    const scripts = `${await everyPage(locale)}${await allScripts(locale)}`;
    for (const key of ['search_placeholder', 'return_msg_video_too_large', 'member_log_empty'])
      expect(scripts, key).not.toContain(asBundled(CATALOGUES[other][key]!));
  });

  it("turns a module's import of the messages into an import of each message it uses", () => {
    const source = [
      "import * as m from '../../shared/i18n/generated/messages.js';",
      'export const a = () => m.cart_empty();',
      'export const b = () => `${m.cart_empty()} ${m.checkout()}`;',
    ].join('\n');
    const out = withMessageImports(source);
    expect(out).not.toContain('generated/messages.js');
    expect(out.match(/from "message:cart_empty"/g)).toHaveLength(1);
    expect(out).toContain('from "message:checkout"');
    expect(out).toContain('const m = { cart_empty: __m_cart_empty, checkout: __m_checkout };');
    expect(withMessageImports('export const x = 1;')).toBe('export const x = 1;');
  });
});
