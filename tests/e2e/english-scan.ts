import type { Page } from 'playwright-core';

/**
 * Common English words that are not French words: one of them in a French page's text is a string
 * left untranslated. Words both languages write the same way (code, total, points, photo, garage,
 * stock, page, minute, support, contact, chat, guide, or: the gold member level "Or" ...) are left out on purpose.
 */
export const ENGLISH_WORDS = new Set(
  (
    'the and of to your you with for this that is are in at by from add cart search sign shop parts part vehicle ' +
    'vehicles shipping order orders free price prices items item view more all new our we my account help reviews ' +
    'review fits fit sort filter filters results result checkout continue back next apply subtotal tax quantity ' +
    'remove save select choose enter email password name address city state phone country delivery estimated ' +
    'business days day ships ship returns return policy warranty brand category categories showing found not yes ' +
    'only left sold buy now each per front rear right without kit assembly set color size write ask answer answers ' +
    'details specifications specification related customers also bought recently viewed makes make model trim ' +
    'engine year years change update edit delete cancel confirm submit send pay payment card method methods ' +
    'billing summary discount discounts member members level levels history track tracking ' +
    'shipped processing pending refund refunded cancelled reason reasons upload uploads files required optional ' +
    'please thank thanks welcome hello here there when where what which who why how will would should could can ' +
    'may must have has had been was were does did done get got going see look find need want best deals deal sale ' +
    'sales off savings week weeks month months today tomorrow first last previous home about feedback terms ' +
    'privacy choices program partnership affiliate news newsletter subscribe join unlock amazing into over under ' +
    'up down above below between within before after during until while because if then than so but also just ' +
    'very much many most some any every both other another such same own few little less again still already yet ' +
    'ever never always often really quite rather too enough almost around across along against upon off'
  ).split(' '),
);

/**
 * The English words a page shows a French reader: its text and the names, placeholders and
 * descriptions screen readers and browsers show, less what is not to be translated (brand names and
 * part numbers, marked translate="no"), what speaks English on purpose (lang="en-..": the switch
 * to English) and shoppers' own words (reviews, marked data-shopper-words).
 */
export function englishOnPage(page: Page): Promise<string[]> {
  return page.evaluate(
    (words) => {
      const english = new Set(words);
      const skipped = (element: Element | null) =>
        Boolean(
          element?.closest('[translate="no"], [lang^="en"], [data-shopper-words], script, style, noscript, template'),
        );
      const found: string[] = [];
      const check = (text: string | null, where: string) => {
        // An order number, an RMA or a part number is random letters and digits, not words (…-WE2P-… holds "WE").
        const words = (text ?? '').replace(/\b(?=[A-Z0-9-]*\d)[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, '');
        for (const word of words.match(/\p{L}+/gu) ?? [])
          if (english.has(word.toLowerCase()))
            found.push(`${word} in "${(text ?? '').trim().slice(0, 80)}" (${where})`);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!skipped(node.parentElement)) check(node.textContent, node.parentElement?.tagName.toLowerCase() ?? '');
      }
      for (const element of document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
        if (skipped(element)) continue;
        for (const name of ['aria-label', 'placeholder', 'alt', 'title']) check(element.getAttribute(name), name);
      }
      check(document.title, 'title');
      return found;
    },
    [...ENGLISH_WORDS],
  );
}
