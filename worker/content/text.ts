/** The shop's written pages as content configs hold them, and the placeholders seeded text carries. */

/** What a section can ask to be filled with from the shop's tables (shipping-policy.ts). */
export type PolicyFill = 'delivers-to' | 'no-delivery' | 'shipping-options' | 'free-shipping' | 'delivery-estimates';

export interface InfoPageContent {
  route: string;
  heading: string;
  intro: string;
  sections: {
    id: string;
    heading: string;
    paragraphs?: string[];
    list?: string[];
    faq?: { q: string; a: string }[];
    links?: { label: string; href: string }[];
    /** Facts this section is completed with from the shop's tables (shipping-policy.ts), e.g. 'delivers-to'. */
    fill?: string;
  }[];
  updated: string;
}

/** Replaces the shop's placeholders in seeded text. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(
    /\{(shopName|phone|email|address|returnWindowDays)\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}
