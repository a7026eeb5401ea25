import * as z from 'zod';

/** The search box's typeahead call (§7), shared with the Worker that validates it. */

export const suggestQuery = z.object({
  keyword: z.string().max(200),
  size: z.coerce.number().int().min(1).max(10).default(6),
});
/** One typeahead line: a product, a category or a part number, with where it leads. */
export const suggestion = z.object({
  kind: z.enum(['item', 'category', 'partNumber']),
  text: z.string(),
  href: z.string(),
});

export type SuggestQuery = z.input<typeof suggestQuery>;
export type Suggestion = z.infer<typeof suggestion>;
