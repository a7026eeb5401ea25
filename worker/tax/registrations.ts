/**
 * Where the shop collects sales tax, as owners change it (issue 39): a US state's permit, or one of
 * Canada's registrations (GST/HST, QST, each province's PST), with its number and the day it took
 * effect. Checkout reads them from the shop settings in KV (shared/tax-registrations.ts). KV cannot
 * refuse a write made from an older value, so every change is first a row of its own in D1, at the
 * next revision, with its audit entry in the same batch: of two owners saving at once one lands and
 * the other is read again over it, so neither change is lost. The newest row is then published to
 * the settings (and published again whenever the settings are found behind it).
 */
import { KV_KEY } from '../../shared/kv-keys.ts';
import type { MarketId } from '../../shared/markets.ts';
import {
  type Registration,
  registrationKeys,
  type TaxRegistrations,
  taxRegistrationsSchema,
} from '../../shared/tax-registrations.ts';
import { forgetShopSettings } from '../content/service.ts';
import type { AuditedChange } from '../platform/audit.ts';
import { log } from '../platform/log.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { registrationsRepository } from './registrations-repository.ts';

/** What the registrations page tells an owner. */
export const REGISTRATION_MSG = {
  market: 'Choose the US or Canada.',
  key: 'Choose a state, or one of the Canadian registrations.',
  number: 'Enter the registration number: 1 to 40 letters, digits, spaces and - / . characters.',
  since: 'Enter the day the registration took effect (YYYY-MM-DD).',
  future:
    'The day cannot be after today: checkout charges the tax from the moment a registration is saved. ' +
    'Add it on the day it takes effect.',
  changed: (label: string) =>
    `Someone changed the registration for ${label} after you opened this page. It now shows what is saved; ` +
    'your entry is kept in the form: save it again if it is still right.',
  busy: 'Other changes to the registrations were being saved at the same moment. Please save again.',
  saved: (label: string) => `Saved: the shop collects sales tax for ${label} from now on.`,
  removed: (label: string) => `Removed: checkout no longer charges sales tax for ${label}.`,
  unchanged: (label: string) => `Nothing to save: ${label} already reads so.`,
} as const;

/** The registrations as they stand, and the revision a change is made over. */
export interface CurrentRegistrations {
  revision: number;
  registrations: TaxRegistrations;
}

export type RegistrationField = 'market' | 'key' | 'number' | 'since';
export type RegistrationErrors = Partial<Record<RegistrationField | 'form', string>>;

/** One change as the page posts it: a registration saved (added or changed) or removed. */
export interface RegistrationChange {
  op: 'save' | 'remove';
  market: string;
  key: string;
  number: string;
  since: string;
  /** What the page showed of this registration (registrationShown), so a change made meanwhile is not overwritten. */
  shown: string;
}

/** What a change did, for the page's notice (registrationNotice). */
export type RegistrationDone = 'saved' | 'removed' | 'unchanged';

export type RegistrationResult =
  | { ok: true; done: RegistrationDone; market: MarketId; key: string }
  | { ok: false; errors: RegistrationErrors; current?: CurrentRegistrations };

/** How a registration is named in a sentence: "Ohio", "QST (Revenu Québec)". */
export function registrationLabel(market: MarketId, key: string): string {
  return registrationKeys(market).find((entry) => entry.key === key)?.label ?? key;
}

const isMarket = (text: string): text is MarketId => text === 'us' || text === 'ca';

/** The notice of a change done (from the page's address after it), or null when the address names none. */
export function registrationNotice(done: string | undefined, market: string | undefined, key: string | undefined) {
  if (done !== 'saved' && done !== 'removed' && done !== 'unchanged') return null;
  if (!market || !isMarket(market) || !registrationKeys(market).some((entry) => entry.key === key)) return null;
  return REGISTRATION_MSG[done](registrationLabel(market, key!));
}

/** What the page shows of one registration, posted back with a change ('' for none). */
export const registrationShown = (registration: Registration | undefined): string =>
  registration ? JSON.stringify([registration.number, registration.since]) : '';

const NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,39}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as YYYY-MM-DD, or null when it is none. */
function calendarDay(text: string): string | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text && Number(match[1]) >= 1900 ? text : null;
}

/** The change read: its registration, or the message at each wrong field. */
export function readRegistrationChange(
  change: RegistrationChange,
  now: number,
): { market: MarketId; key: string; registration: Registration | null } | { errors: RegistrationErrors } {
  const errors: RegistrationErrors = {};
  if (!isMarket(change.market)) return { errors: { market: REGISTRATION_MSG.market } };
  const market = change.market;
  if (!registrationKeys(market).some((entry) => entry.key === change.key)) errors.key = REGISTRATION_MSG.key;
  if (change.op === 'remove')
    return Object.keys(errors).length ? { errors } : { market, key: change.key, registration: null };
  const number = change.number.trim().replace(/\s+/g, ' ');
  if (!NUMBER.test(number)) errors.number = REGISTRATION_MSG.number;
  const since = calendarDay(change.since.trim());
  if (since === null) errors.since = REGISTRATION_MSG.since;
  else if (since > new Date(now).toISOString().slice(0, 10)) errors.since = REGISTRATION_MSG.future;
  if (Object.keys(errors).length) return { errors };
  return { market, key: change.key, registration: { number, since } };
}

/** The registrations a stored settings value holds, and the revision they were published from (0: none). */
function publishedIn(settings: Record<string, unknown>): CurrentRegistrations {
  const stored = settings.TAX_REGISTRATIONS as { revision?: unknown } | undefined;
  const revision = typeof stored?.revision === 'number' ? stored.revision : 0;
  return { revision, registrations: taxRegistrationsSchema.parse(stored ?? {}) };
}

/** The stored settings value, past every cache: {} when there is none, null when it is not a JSON object. */
async function storedSettings(kv: KVNamespace): Promise<Record<string, unknown> | null> {
  const text = await kv.get(KV_KEY.shopSettings, 'text');
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Sorted copies, so the settings list registrations in the page's order. */
function ordered(registrations: TaxRegistrations): TaxRegistrations {
  const sort = (market: MarketId) =>
    Object.fromEntries(
      registrationKeys(market)
        .filter((entry) => entry.key in registrations[market])
        .map((entry) => [entry.key, registrations[market][entry.key]!]),
    );
  return { us: sort('us'), ca: sort('ca') };
}

/**
 * Publishes a revision's registrations to the shop settings, unless they already hold it or a newer
 * one, and forgets this isolate's settings: checkout here charges by them at once (elsewhere within
 * the settings' five-minute cache).
 */
async function publish(kv: KVNamespace, current: CurrentRegistrations): Promise<void> {
  const settings = await storedSettings(kv);
  // Settings that are not JSON are an owner's to mend: written over, every other setting would be lost.
  if (!settings) throw new Error('the shop settings in KV are not a JSON object');
  if (publishedIn(settings).revision >= current.revision && settings.TAX_REGISTRATIONS) return;
  const value = { ...ordered(current.registrations), revision: current.revision };
  await kv.put(KV_KEY.shopSettings, JSON.stringify({ ...settings, TAX_REGISTRATIONS: value }));
  forgetShopSettings();
}

/**
 * The registrations as they stand: the newest change's, or the settings' before the first change.
 * Settings found behind the newest change (a write to KV lost, the settings seeded again) are
 * published again.
 */
export async function currentRegistrations(db: D1Database, kv: KVNamespace): Promise<CurrentRegistrations> {
  const [latest, settings] = await Promise.all([registrationsRepository(db).latest(), storedSettings(kv)]);
  const published = publishedIn(settings ?? {});
  if (!latest) return { revision: 0, registrations: published.registrations };
  const current = {
    revision: latest.revision,
    registrations: taxRegistrationsSchema.parse(JSON.parse(latest.registrations)),
  };
  if (published.revision < current.revision) {
    log.warn('tax registrations in the settings were behind their newest change: published again', {
      settings: published.revision,
      newest: current.revision,
    });
    await publish(kv, current).catch((error) => log.error('tax registrations not published', error));
  }
  return current;
}

/** The guard named when another change took the revision first: the change is read again over it. */
const REVISION_GUARD = 'registrations changed meanwhile';
const ATTEMPTS = 3;

/**
 * Saves or removes one registration, over what the page showed of it (another owner's change to the
 * same registration meanwhile is never overwritten), audited in the batch of the change.
 */
export async function changeRegistration(
  deps: { db: D1Database; kv: KVNamespace; now: number; staffId: number | null },
  change: RegistrationChange,
  audit: AuditedChange,
): Promise<RegistrationResult> {
  const read = readRegistrationChange(change, deps.now);
  if ('errors' in read) return { ok: false, errors: read.errors };
  const { market, key, registration } = read;
  const label = registrationLabel(market, key);
  const repository = registrationsRepository(deps.db);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await currentRegistrations(deps.db, deps.kv);
    const before = current.registrations[market][key];
    if (registrationShown(before) !== change.shown)
      return { ok: false, errors: { form: REGISTRATION_MSG.changed(label) }, current };
    if (registrationShown(before) === registrationShown(registration ?? undefined))
      return { ok: true, done: 'unchanged', market, key };
    const next = structuredClone(current.registrations);
    if (registration) next[market][key] = registration;
    else delete next[market][key];
    const revision = current.revision + 1;
    const edit = { revision, market, registration: key, before: before ?? null, after: registration };
    const work = unitOfWork(deps.db)
      .guard(
        REVISION_GUARD,
        [
          repository.insertStatement({
            ...edit,
            registrations: ordered(next),
            staffId: deps.staffId,
            createdAt: deps.now,
          }),
        ],
        async () => (await repository.latestRevision()) < revision,
      )
      .audit(audit({ before: before ?? null, after: registration }));
    if (!(await work.commit()).ok) continue;
    try {
      await publish(deps.kv, { revision, registrations: next });
    } catch (error) {
      // The change is recorded: the registrations page, which the owner is sent back to, publishes it again.
      log.error('tax registrations not published to the settings', error, { revision });
    }
    return { ok: true, done: registration ? 'saved' : 'removed', market, key };
  }
  return { ok: false, errors: { form: REGISTRATION_MSG.busy } };
}

/** Every key a market can register, with the registration held (if any), in the page's order. */
export function registrationRows(market: MarketId, registrations: TaxRegistrations) {
  return registrationKeys(market).map((entry) => ({
    ...entry,
    registration: registrations[market][entry.key] ?? null,
  }));
}
