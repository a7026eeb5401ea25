import * as z from 'zod';

/** Promotions' answer shapes shared by its calls and the flows' calls (§7 Promotion). */

/** A wallet coupon as the calls answer it: the §3 coupon fields, its state and the sentence that explains it. */
export const coupon = z
  .object({ promotionId: z.number(), name: z.string(), state: z.string(), reason: z.string() })
  .passthrough();
