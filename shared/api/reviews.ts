import * as z from 'zod';

/** Writing a review from the browser (§7), shared with the Worker that validates it. */

export const reviewItemId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);
/** What a shopper writes: rating, title, content, name and, if they like, their vehicle. */
export const reviewFields = {
  rating: z.number().int().min(1).max(5),
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(10).max(2000),
  name: z.string().trim().min(1).max(50),
  vehicle: z
    .string()
    .trim()
    .max(80)
    .nullish()
    .transform((text) => text || null),
};
export const reviewDraftBody = z.object({
  itemId: reviewItemId,
  ...reviewFields,
  invitation: z.string().max(1000).nullish(),
});
/** A review waiting for moderation, with the link that edits or deletes it. */
export const createdReview = z.object({ id: z.number().int(), status: z.literal('PENDING'), editLink: z.string() });

export type ReviewDraftBody = z.input<typeof reviewDraftBody>;
export type CreatedReview = z.infer<typeof createdReview>;
