import * as z from 'zod';
import { DEFAULT_MEMBER_LEVELS, MEMBER_POINTS } from './members.ts';
import { liveChatSettingsSchema } from './api/chat.ts';
import { taxRegistrationsSchema } from './tax-registrations.ts';

/** Shop settings (§3) as read from KV; every field has a safe default so a bad value never breaks a page. */
export const shopSettingsSchema = z.object({
  SHOP_NAME: z.string().min(1).catch('AutoHaven'),
  COMPANY_PHONE: z.string().catch(''),
  COMPANY_EMAIL_1: z.string().catch(''),
  COMPANY_EMAIL_2: z.string().catch(''),
  COMPANY_ADDRESS: z.string().catch(''),
  UDP_GLOBAL_MODAL_CONFIG: z
    .object({ subscribe: z.boolean().optional(), marketingScriptUrl: z.string().catch('') })
    .catch({ marketingScriptUrl: '' }),
  SITE_VERIFICATION: z
    .object({ google: z.string().catch(''), bing: z.string().catch('') })
    .catch({ google: '', bing: '' }),
  COUPON_SETTINGS: z.record(z.string(), z.object({ enabled: z.boolean(), couponName: z.string() })).catch({}),
  GLOBAL_ACTIVE_INFO: z.object({ active: z.boolean(), text: z.string() }).catch({ active: false, text: '' }),
  NAV_BAR_BACKGROUND: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/)
    .catch('#1f2937'),
  /** Black Friday's window: while active, it sets the Black Friday campaign page's start and end. */
  BLACK_FRIDAY_CONFIG: z
    .object({
      active: z.boolean().catch(false),
      startTime: z.iso.datetime({ offset: true }).nullable().catch(null),
      endTime: z.iso.datetime({ offset: true }).nullable().catch(null),
    })
    .catch({ active: false, startTime: null, endTime: null }),
  /** While active, BF_CODE is the code the Black Friday campaign page advertises. */
  BLACK_FRIDAY_2024_CONFIG: z
    .object({ active: z.boolean().catch(false), BF_CODE: z.string().catch('') })
    .catch({ active: false, BF_CODE: '' }),
  EMAIL_MARKETING: z.object({ listUrl: z.string().url().or(z.literal('')).catch('') }).catch({ listUrl: '' }),
  /**
   * The seller's Canadian sales-tax registrations, printed on Canadian invoices: the GST/HST number
   * (business number + RT program account, '123456789 RT0001') and Quebec's QST number
   * ('1234567890 TQ0001'). Empty hides the line.
   */
  GST_HST_REGISTRATION_NUMBER: z.string().catch(''),
  QST_REGISTRATION_NUMBER: z.string().catch(''),
  /** Where the shop collects sales tax (issue 39, shared/tax-registrations.ts); none where it is not registered. */
  TAX_REGISTRATIONS: taxRegistrationsSchema,
  /** Days a shopper has to ask for a return, from delivery (or shipping when no delivery is known); pages quote it. */
  RETURN_WINDOW_DAYS: z.number().int().min(1).max(365).catch(30),
  /** Earned points expire this many months after they were earned (oldest first). */
  POINTS_EXPIRY_MONTHS: z.number().int().min(1).max(120).catch(MEMBER_POINTS.expiryMonths),
  /** Member levels (issue 21): the basis, and each level's threshold and benefits, lowest first. */
  MEMBER_LEVELS: z
    .object({
      basis: z.enum(['POINTS', 'SPEND']),
      levels: z
        .array(
          z.object({
            id: z.string().min(1).max(30),
            name: z.string().min(1).max(40),
            nameFr: z.string().trim().min(1).max(40).optional(),
            threshold: z.number().int().min(0),
            benefits: z.object({
              earnRate: z.number().min(0).max(100),
              freeShippingThresholdCent: z.number().int().min(0).nullable(),
              birthdayPoints: z.number().int().min(0),
              couponIds: z.array(z.number().int().positive()),
            }),
          }),
        )
        .min(1),
    })
    .catch(DEFAULT_MEMBER_LEVELS),
  /**
   * The A/B test's search ranking for group B (issue 25): 'popularity' ranks Best Match by fitment, then sales;
   * 'relevance' (group A's ranking: fitment, then text relevance, the default) runs no search experiment.
   */
  AB_SEARCH_RANKING_B: z.enum(['relevance', 'popularity']).catch('relevance'),
  /** Live chat (issue 24): the welcome text, support hours, minutes per chat (expected wait), ticket reply time. */
  LIVE_CHAT: liveChatSettingsSchema,
  SOCIAL_LINKS: z
    .object({ facebook: z.string(), instagram: z.string(), youtube: z.string(), x: z.string() })
    .catch({ facebook: '', instagram: '', youtube: '', x: '' }),
});

export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export function parseShopSettings(raw: unknown): ShopSettings {
  return shopSettingsSchema.parse(raw && typeof raw === 'object' ? raw : {});
}

/** The marketing script pages load: only while the subscribe modal is explicitly off (§2). */
export function marketingScriptOf(settings: ShopSettings): string | undefined {
  const modal = settings.UDP_GLOBAL_MODAL_CONFIG;
  return modal.subscribe === false && modal.marketingScriptUrl ? modal.marketingScriptUrl : undefined;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The other sites a page talks to, from the settings: the marketing script's origin (scripts) and the
 * email-marketing list's (requests). Only HTTPS origins; the Content-Security-Policy allows these alone.
 */
export function thirdPartyOrigins(settings: ShopSettings): { script: string | null; connect: string | null } {
  return { script: originOf(marketingScriptOf(settings)), connect: originOf(settings.EMAIL_MARKETING.listUrl) };
}
