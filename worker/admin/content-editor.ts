/**
 * The content editors' decisions (issue 22 item 4): an entry's stored value and version, whether a
 * posted form is content the storefront will show (its own schema, and every advertised code a live
 * promotion code in the entry's markets), publishing (KV, audit, this isolate's cache) and drafts
 * for the preview. A save made from an outdated form is refused, so two editors never lose a change.
 */
import type { z } from 'zod';
import { contentInFrench, withFrenchOf } from '../../shared/content/french.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { MARKET_IDS, type MarketId } from '../../shared/markets.ts';
import {
  draftKey,
  forgetCampaign,
  forgetContentConfig,
  PREVIEW_MINUTES,
  signPreviewToken,
} from '../content/service.ts';
import { loadPromotionContext } from '../promotions/service.ts';
import { campaignPageEntry, type ContentEntry } from './content-entries.ts';
import { errorsOf, type FormErrors, type FormState, formOf, valueOf } from './content-form.ts';
import { recordAudit, type StaffMember } from './service.ts';
import { sha256Hex } from '../platform/signing.ts';

export const CONTENT_MSG = {
  stale: 'Someone published this entry after you opened it. The form now shows what is live; make your change again.',
  code: (code: string, market: MarketId) =>
    `${code} is not a live promotion code in ${market === 'ca' ? 'Canada' : 'the US'} for these dates.`,
  published: (cache: string) => `Published. This edge location shows it now; other locations within ${cache}.`,
} as const;

/** How long other edge locations may show the old value (the caches of worker/platform/caches.ts). */
export const CACHE_TIME = { campaign: '30 seconds', content: '5 minutes' } as const;

/** What is stored under an entry now: the text, its value, and the version a form carries to save over it. */
export interface StoredEntry {
  value: unknown;
  version: string;
}

/** A short fingerprint of the stored text ('' for nothing stored): a form saves only over what it was drawn from. */
export async function versionOf(text: string | null): Promise<string> {
  if (text === null) return 'none';
  return (await sha256Hex(text)).slice(0, 24);
}

function parsedText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The entry's stored value and version, read past every cache. */
export async function storedEntry(kv: KVNamespace, entry: ContentEntry): Promise<StoredEntry> {
  const text = await kv.get(entry.kvKey, 'text');
  return { value: parsedText(text), version: await versionOf(text) };
}

/** The campaign pages stored in KV, by slug. */
export async function campaignPageEntries(kv: KVNamespace): Promise<ContentEntry[]> {
  const prefix = KV_KEY.campaignPage('');
  const slugs: string[] = [];
  let cursor: string | undefined;
  do {
    const batch = await kv.list({ prefix, cursor });
    for (const key of batch.keys) slugs.push(key.name.slice(prefix.length));
    cursor = batch.list_complete ? undefined : batch.cursor;
  } while (cursor);
  return slugs.filter((slug) => /^[a-z0-9-]{1,80}$/.test(slug)).map(campaignPageEntry);
}

export type CheckResult = { ok: true; value: unknown } | { ok: false; errors: FormErrors };

/** The markets a value is for: its own list, or both. */
const marketsOf = (value: Record<string, unknown>): MarketId[] =>
  Array.isArray(value.markets) && value.markets.length > 0 ? (value.markets as MarketId[]) : [...MARKET_IDS];

/**
 * Whether a code is a promotion the cart accepts in this market for the whole of [from, until); the
 * settings editor checks the Black Friday code with it too.
 */
export async function codeIsLive(db: D1Database, code: string, market: MarketId, from: number, until: number | null) {
  const context = await loadPromotionContext(db, {
    market,
    now: from,
    accountId: null,
    enteredCodes: [code],
    selectedCouponIds: [],
  });
  return context.promotions.some(
    (promotion) =>
      promotion.code?.toUpperCase() === code.toUpperCase() &&
      (promotion.market === null || promotion.market === market) &&
      (promotion.startsAt === null || promotion.startsAt <= from) &&
      (promotion.endsAt === null || (until !== null && promotion.endsAt >= until)),
  );
}

/**
 * The codes a value advertises that are not live promotion codes in its markets for its dates (from
 * its start, or now once started, to its end). An ended or switched-off entry advertises nothing.
 */
async function deadCodes(db: D1Database, entry: ContentEntry, value: Record<string, unknown>, now: number) {
  if (!entry.codes || value.active === false) return {};
  const until = typeof value.endTime === 'string' ? Date.parse(value.endTime) : null;
  if (until !== null && until <= now) return {};
  const from = Math.max(now, typeof value.startTime === 'string' ? Date.parse(value.startTime) : now);
  const listed =
    entry.codes === 'couponCode'
      ? [{ code: value.couponCode, name: 'f.couponCode', prefix: '' }]
      : ((value.promotionCodes ?? []) as { code: string }[]).map((line, index) => ({
          code: line.code,
          name: 'f.promotionCodes',
          prefix: `Line ${index + 1}: `,
        }));
  const errors: FormErrors = {};
  for (const { code, name, prefix } of listed) {
    if (typeof code !== 'string' || !code || errors[name]) continue;
    for (const market of marketsOf(value)) {
      if (await codeIsLive(db, code, market, from, until)) continue;
      errors[name] = `${prefix}${CONTENT_MSG.code(code, market)}`;
      break;
    }
  }
  return errors;
}

/** The French reading's issues at the French inputs that caused them (`title` → `titleFr`). */
function frenchIssues(issues: readonly z.core.$ZodIssue[], value: unknown): z.core.$ZodIssue[] {
  return issues.map((issue) => {
    const path = [...issue.path];
    let at: unknown = value;
    for (const key of path.slice(0, -1)) at = (at as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
    const last = path.at(-1);
    const twin = typeof last === 'string' ? `${last}Fr` : null;
    if (twin && at && typeof at === 'object' && twin in at) path[path.length - 1] = twin;
    return { ...issue, path };
  });
}

/** A posted form checked as the storefront will read it: the parsed value, or the messages at their fields. */
export async function checkForm(
  db: D1Database,
  entry: ContentEntry,
  form: FormState,
  now: number,
): Promise<CheckResult> {
  const { value, errors } = valueOf(entry, form);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = entry.schema.safeParse(value);
  if (!parsed.success) return { ok: false, errors: errorsOf(entry, parsed.error.issues) };
  // The French site reads the value with the French in place of the English: it must pass too.
  const french = entry.schema.safeParse(contentInFrench(value));
  if (!french.success) return { ok: false, errors: errorsOf(entry, frenchIssues(french.error.issues, value)) };
  const dead = await deadCodes(db, entry, parsed.data as Record<string, unknown>, now);
  return Object.keys(dead).length > 0
    ? { ok: false, errors: dead }
    : { ok: true, value: withFrenchOf(parsed.data, value) };
}

export type PublishResult =
  | { ok: true }
  | { ok: false; problem: 'invalid'; errors: FormErrors }
  | { ok: false; problem: 'stale'; form: FormState; version: string };

export interface EditorDeps {
  db: D1Database;
  kv: KVNamespace;
  staff: StaffMember;
  now: number;
}

/**
 * Publishes a form over the version it was drawn from: written to KV with its audit entry (before and
 * after), this isolate's cache forgotten, the draft dropped. Other edge locations follow within CACHE_TIME.
 */
export async function publishEntry(
  deps: EditorDeps,
  entry: ContentEntry,
  form: FormState,
  version: string,
): Promise<PublishResult> {
  const current = await storedEntry(deps.kv, entry);
  if (current.version !== version)
    return { ok: false, problem: 'stale', form: formOf(entry, current.value), version: current.version };
  const checked = await checkForm(deps.db, entry, form, deps.now);
  if (!checked.ok) return { ok: false, problem: 'invalid', errors: checked.errors };
  await deps.kv.put(entry.kvKey, JSON.stringify(checked.value));
  await recordAudit(deps.db, deps.staff, {
    action: 'content.publish',
    recordType: 'content',
    recordId: entry.kvKey,
    before: current.value,
    after: checked.value,
  });
  if (entry.cache === 'campaign') forgetCampaign();
  else forgetContentConfig(entry.kvKey);
  await deps.kv.delete(draftKey(entry.kvKey));
  return { ok: true };
}

export type DraftResult = { ok: true; token: string } | { ok: false; errors: FormErrors };

/** Keeps a valid form as the entry's draft for PREVIEW_MINUTES and signs the token that shows it. */
export async function saveDraft(deps: EditorDeps & { secret: string }, entry: ContentEntry, form: FormState) {
  const checked = await checkForm(deps.db, entry, form, deps.now);
  if (!checked.ok) return checked;
  await deps.kv.put(draftKey(entry.kvKey), JSON.stringify(checked.value), { expirationTtl: PREVIEW_MINUTES * 60 });
  return { ok: true as const, token: await signPreviewToken(deps.secret, entry.kvKey, deps.now) };
}
