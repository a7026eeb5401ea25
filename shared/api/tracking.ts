import * as z from 'zod';

/**
 * What the browser reports (§7 Tracking, §8): tracking events, affiliate marketing events and its log lines,
 * shared with the Worker that validates them.
 */

const short = z.string().max(200).optional();
export const trackBody = z.object({
  event: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9_.:-]+$/i, 'must be letters, digits, dots, dashes or underscores'),
  data: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((value) => JSON.stringify(value).length <= 8000, 'is too large'),
  page_url: z.string().max(2000).default(''),
  referrer: z.string().max(2000).default(''),
  ts: z.number().int().nonnegative().optional(),
  client_id: short,
  id: short,
  session_id: short,
  alb_group: short,
  ab_test_group: short,
  /** Ignored: the Worker sets the address it saw. */
  ip: short,
  netWork: short,
  downlinkSpeed: z.union([z.number(), z.string().max(20)]).optional(),
});
/** An affiliate page load or conversion, with the click id when the browser has it. */
export const marketingBody = z.object({
  clickId: z.string().max(200).optional(),
  orderId: z.string().max(40).optional(),
  pageUrl: z.string().max(2000).default(''),
  eventDate: z.union([z.string().max(40), z.number()]).optional(),
  referringUrl: z.string().max(2000).default(''),
  customProfileId: z.string().max(200).optional(),
});
/** Whether the event was taken: a marketing call the shopper's privacy choices forbid is answered false. */
export const acceptedAnswer = z.object({ accepted: z.boolean() });
/** The "Your Privacy Choices" form (US) and the consent banner (Canada). */
export const privacyChoiceBody = z.object({ marketing: z.enum(['allow', 'deny']) });

const logEntry = z.object({
  level: z.enum(['info', 'warn', 'error']).default('error'),
  message: z.string().min(1).max(2000),
  url: z.string().max(2000).optional(),
});
/** One browser log line, or up to 50. */
export const logsBody = z.union([logEntry, z.array(logEntry).min(1).max(50)]);

export type TrackBody = z.input<typeof trackBody>;
export type MarketingBody = z.input<typeof marketingBody>;
export type Accepted = z.infer<typeof acceptedAnswer>;
export type LogsBody = z.input<typeof logsBody>;
export type PrivacyChoiceBody = z.infer<typeof privacyChoiceBody>;
