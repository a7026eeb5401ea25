import * as z from 'zod';
import { newsletterEmailProblem, trimInput } from '../validation.ts';

/** The newsletter calls the browser makes (§7 Other calls), shared with the Worker that validates them. */

const newsletterEmail = z
  .string()
  .transform((value) => trimInput(value).toLowerCase())
  .superRefine((value, ctx) => {
    const problem = newsletterEmailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const subscribeBody = z.object({
  email: newsletterEmail,
  type: z.literal('SUBSCRIBE').optional(),
  source: z.string().min(1).max(40),
  position: z.string().max(40).optional(),
  subscribeSource: z.string().max(40).optional(),
});
/** The §7 answer: errorStatus true with errorText when the subscription did not go through. */
export const subscribeAnswer = z.object({ errorStatus: z.boolean(), errorText: z.string() });
/** One click with the emailed token, or nothing for the signed-in member. */
export const unsubscribeBody = z.object({ token: z.string().min(10).max(4096).optional() });

export type SubscribeBody = z.input<typeof subscribeBody>;
export type SubscribeAnswer = z.infer<typeof subscribeAnswer>;
export type UnsubscribeBody = z.input<typeof unsubscribeBody>;
