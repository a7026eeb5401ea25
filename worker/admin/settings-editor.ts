/**
 * The merchandising settings (issue 22, §3 shop settings): the site-wide notice (global active
 * info), the navigation bar's background, and the Black Friday window and code. They live in the
 * shop settings value in KV with every other setting; a save changes only these four keys, is
 * refused over a newer value (two editors never lose a change), audited, and forgets this
 * isolate's 5-minute settings cache.
 */
import { KV_KEY } from '../../shared/kv-keys.ts';
import { MARKET_IDS } from '../../shared/markets.ts';
import { forgetShopSettings } from '../content/service.ts';
import { CONTENT_MSG, codeIsLive, versionOf } from './content-editor.ts';
import { recordAudit, type StaffMember } from './service.ts';

export const SETTINGS_FIELDS = [
  'noticeActive',
  'noticeText',
  'navBarBackground',
  'bfActive',
  'bfStart',
  'bfEnd',
  'bfCodeActive',
  'bfCode',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsForm = Record<SettingsField, string>;
export type SettingsErrors = Partial<Record<SettingsField | 'form', string>>;

/** Header text is white: its background must keep at least this contrast ratio (WCAG AA, normal text). */
const MIN_CONTRAST = 4.5;
const NOTICE_MAX = 140;

export const SETTINGS_MSG = {
  noticeText: `Write the notice (up to ${NOTICE_MAX} characters) or switch it off.`,
  color: 'Enter a colour as # and six hex digits, for example #1f2937.',
  contrast: (ratio: number) =>
    `White header text on this colour has a contrast of ${ratio.toFixed(1)}:1; choose a darker one (at least 4.5:1).`,
  time: 'Enter a date and time (UTC).',
  endAfterStart: 'The end must be after the start.',
  bfWindow: 'Give Black Friday a start and an end while it is on.',
  code: 'Enter the promotion code the Black Friday page advertises.',
  saved: 'Saved. This edge location shows it now; other locations within 5 minutes.',
} as const;

/** The four merchandising keys as stored. */
export interface MerchandisingSettings {
  GLOBAL_ACTIVE_INFO: { active: boolean; text: string };
  NAV_BAR_BACKGROUND: string;
  BLACK_FRIDAY_CONFIG: { active: boolean; startTime: string | null; endTime: string | null };
  BLACK_FRIDAY_2024_CONFIG: { active: boolean; BF_CODE: string };
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of white on the colour. */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;
/** A datetime-local value read as UTC, as ISO 8601; null for empty, undefined when invalid. */
function utc(text: string): string | null | undefined {
  if (text === '') return null;
  const ms = DATETIME.test(text) ? Date.parse(`${text}Z`) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** The form read: the four keys, or the message at each wrong field. */
export function readSettingsForm(form: SettingsForm): { settings: MerchandisingSettings } | { errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const noticeActive = form.noticeActive === 'on';
  const noticeText = form.noticeText.trim();
  if (noticeText.length > NOTICE_MAX || (noticeActive && noticeText === ''))
    errors.noticeText = SETTINGS_MSG.noticeText;
  const color = form.navBarBackground.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(color)) errors.navBarBackground = SETTINGS_MSG.color;
  else if (contrastWithWhite(color) < MIN_CONTRAST)
    errors.navBarBackground = SETTINGS_MSG.contrast(contrastWithWhite(color));
  const bfActive = form.bfActive === 'on';
  const start = utc(form.bfStart.trim());
  const end = utc(form.bfEnd.trim());
  if (start === undefined) errors.bfStart = SETTINGS_MSG.time;
  if (end === undefined) errors.bfEnd = SETTINGS_MSG.time;
  else if (start && end && Date.parse(end) <= Date.parse(start)) errors.bfEnd = SETTINGS_MSG.endAfterStart;
  if (bfActive && !errors.bfStart && !errors.bfEnd && (!start || !end)) errors.bfEnd = SETTINGS_MSG.bfWindow;
  const bfCodeActive = form.bfCodeActive === 'on';
  const code = form.bfCode.trim().toUpperCase();
  if ((bfCodeActive && code === '') || !/^[A-Z0-9_-]{0,20}$/.test(code)) errors.bfCode = SETTINGS_MSG.code;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    settings: {
      GLOBAL_ACTIVE_INFO: { active: noticeActive, text: noticeText },
      NAV_BAR_BACKGROUND: color,
      BLACK_FRIDAY_CONFIG: { active: bfActive, startTime: start ?? null, endTime: end ?? null },
      BLACK_FRIDAY_2024_CONFIG: { active: bfCodeActive, BF_CODE: code },
    },
  };
}

/** The stored settings value and the version a form carries to save over it. */
export async function storedSettings(kv: KVNamespace): Promise<{ value: Record<string, unknown>; version: string }> {
  const text = await kv.get(KV_KEY.shopSettings, 'text');
  let value: Record<string, unknown> = {};
  try {
    value = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    value = {};
  }
  return { value, version: await versionOf(text) };
}

/** The four keys as the form shows them, from the stored value. */
export function formOfSettings(value: Record<string, unknown>): SettingsForm {
  const info = (value.GLOBAL_ACTIVE_INFO ?? {}) as { active?: boolean; text?: string };
  const bf = (value.BLACK_FRIDAY_CONFIG ?? {}) as {
    active?: boolean;
    startTime?: string | null;
    endTime?: string | null;
  };
  const code = (value.BLACK_FRIDAY_2024_CONFIG ?? {}) as { active?: boolean; BF_CODE?: string };
  const local = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');
  return {
    noticeActive: info.active ? 'on' : '',
    noticeText: info.text ?? '',
    navBarBackground: typeof value.NAV_BAR_BACKGROUND === 'string' ? value.NAV_BAR_BACKGROUND : '#1f2937',
    bfActive: bf.active ? 'on' : '',
    bfStart: local(bf.startTime),
    bfEnd: local(bf.endTime),
    bfCodeActive: code.active ? 'on' : '',
    bfCode: code.BF_CODE ?? '',
  };
}

export type SaveResult =
  | { ok: true }
  | { ok: false; errors: SettingsErrors; stale?: { form: SettingsForm; version: string } };

/**
 * Saves the four keys over the stored settings when the form was drawn from them; a Black Friday
 * code that is on must be a live promotion code in both markets for the Black Friday window.
 */
export async function saveMerchandisingSettings(
  deps: { db: D1Database; kv: KVNamespace; actor: StaffMember; now: number },
  form: SettingsForm,
  version: string,
): Promise<SaveResult> {
  const read = readSettingsForm(form);
  if ('errors' in read) return { ok: false, errors: read.errors };
  const { settings } = read;
  const bf = settings.BLACK_FRIDAY_CONFIG;
  if (settings.BLACK_FRIDAY_2024_CONFIG.active && bf.active && bf.startTime && bf.endTime) {
    const code = settings.BLACK_FRIDAY_2024_CONFIG.BF_CODE;
    const until = Date.parse(bf.endTime);
    if (until > deps.now)
      for (const market of MARKET_IDS)
        if (!(await codeIsLive(deps.db, code, market, Math.max(deps.now, Date.parse(bf.startTime)), until)))
          return { ok: false, errors: { bfCode: CONTENT_MSG.code(code, market) } };
  }
  const stored = await storedSettings(deps.kv);
  if (stored.version !== version)
    return {
      ok: false,
      errors: { form: CONTENT_MSG.stale },
      stale: { form: formOfSettings(stored.value), version: stored.version },
    };
  const before = Object.fromEntries(Object.keys(settings).map((key) => [key, stored.value[key] ?? null]));
  await deps.kv.put(KV_KEY.shopSettings, JSON.stringify({ ...stored.value, ...settings }));
  await recordAudit(deps.db, deps.actor, {
    action: 'settings.merchandising',
    recordType: 'settings',
    recordId: KV_KEY.shopSettings,
    before,
    after: settings,
  });
  forgetShopSettings();
  return { ok: true };
}
