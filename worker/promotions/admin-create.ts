/**
 * Creating a promotion in the back office (issue 22): the form read into a promotion the engine
 * runs (automatic discount, code or coupon; percent, amount or free shipping; a minimum; all parts
 * or some categories; market, dates and limits), then written with its codes, scope and audit
 * entry in one batch. The form's key makes a double click or a retry one promotion.
 */
import { unitOfWork } from '../platform/unit-of-work.ts';
import {
  type DiscountSource,
  type DiscountType,
  type PromotionType,
  type ThresholdType,
  DISCOUNT_SOURCES,
  DISCOUNT_TYPES,
  MAX_ADD_ON_SAVING_PERCENT,
  THRESHOLD_TYPES,
} from '../../shared/promotion-words.ts';
import { backCategoriesByHandle, skusByPartNumbers } from '../catalog/service.ts';
import { BASICS_FIELDS, type AuditedChange, PROMOTION_DOLLARS, readBasics } from './admin.ts';
import { type AdminPromotionRecord, promotionAdminRepository } from './admin-repository.ts';
import type { NewPromotionRecord } from './records.ts';
import { dollarsToCents } from '../../shared/money.ts';

/** The create form's fields: the basics the edit form has, and what only a new promotion chooses. */
export const CREATE_FIELDS = [
  ...BASICS_FIELDS,
  'source',
  'code',
  'discountType',
  'thresholdType',
  'maxDiscount',
  'categories',
  'memberOnly',
  'addOns',
  'giftPart',
  'giftQuantity',
] as const;
export type CreateField = (typeof CREATE_FIELDS)[number];
export type CreateForm = Record<CreateField, string>;

/** At most this many categories in one promotion's scope. */
export const SCOPE_CATEGORIES_MAX = 50;
/** At most this many add-on parts in one offer. */
export const ADD_ONS_MAX = 20;

/** What a promotion gives, as the form's "Gives" offers it: a discount, add-on prices or a free gift. */
export const GIVES = [...DISCOUNT_TYPES, 'ADD_ON', 'GIFT'] as const;
type Gives = (typeof GIVES)[number];
const PROMOTION_TYPE_OF: Record<Gives, PromotionType> = {
  PERCENT: 'DISCOUNT',
  FIXED_AMOUNT: 'DISCOUNT',
  FREE_SHIPPING: 'DISCOUNT',
  ADD_ON: 'EXCHANGE_PURCHASE',
  GIFT: 'GIVEAWAY',
};

/** An add-on part as typed: its part number and its add-on price or percent off, and how many per order. */
export interface AddOnLine {
  partNumber: string;
  priceCent: number | null;
  percentOff: number | null;
  maxQuantity: number;
}

export const PROMOTION_CREATE_MSG = {
  source: 'Choose automatic, code or coupon.',
  code: 'Enter a code of 3 to 20 letters, digits or dashes.',
  codeTaken: 'Another promotion already has this code in this market.',
  discountType: 'Choose percent off, amount off, free shipping, add-on prices or a free gift.',
  addOns:
    `List up to ${ADD_ONS_MAX} add-on parts, one per line: a part number and a percent off up to ` +
    `${MAX_ADD_ON_SAVING_PERCENT}% or a price, optionally "max" and a quantity (e.g. "BF-100 40% max 2").`,
  giftPart: 'Enter the part number of the free gift.',
  giftQuantity: 'Enter how many gifts, 1 to 10.',
  unknownParts: (parts: string[]) => `There is no part ${parts.join(', ')}.`,
  thresholdType: 'Choose no minimum, a minimum spend or a minimum number of items.',
  maxDiscount: 'Enter the most it may take off in dollars and whole cents, or leave it empty.',
  tooManyCategories: `List at most ${SCOPE_CATEGORIES_MAX} categories.`,
  unknownCategories: (handles: string[]) => `There is no category ${handles.join(', ')}.`,
} as const;

export type CreateResult = { ok: true; id: number } | { ok: false; errors: Partial<Record<CreateField, string>> };

const CODE = /^[A-Z0-9-]{3,20}$/;
const oneOf = <T extends string>(list: readonly T[], value: string): T | null =>
  (list as readonly string[]).includes(value) ? (value as T) : null;

type NewPromotionBasics = Omit<NewPromotionRecord, 'scope' | 'addOns'>;

const ADD_ON_LINE = /^(\S{1,64})\s+(?:(\d{1,2})%|\$?([\d.]+))(?:\s+max\s+(\d{1,2}))?$/i;

/** The add-on lines as typed, or null when any is not a part with a percent (1-60) or price. */
export function readAddOns(text: string): AddOnLine[] | null {
  const rows = text
    .split('\n')
    .map((row) => row.trim())
    .filter(Boolean);
  if (rows.length === 0 || rows.length > ADD_ONS_MAX) return null;
  const lines: AddOnLine[] = [];
  for (const row of rows) {
    const match = ADD_ON_LINE.exec(row);
    if (!match) return null;
    const percentOff = match[2] ? Number(match[2]) : null;
    const priceCent = match[3] ? dollarsToCents(match[3], { maxWholeDigits: 6 }) : null;
    if (match[3] && priceCent === null) return null;
    const maxQuantity = Number(match[4] ?? 1);
    if (percentOff !== null && (percentOff < 1 || percentOff > MAX_ADD_ON_SAVING_PERCENT)) return null;
    if (maxQuantity < 1) return null;
    lines.push({ partNumber: match[1]!, priceCent, percentOff, maxQuantity });
  }
  return lines;
}

/** The category handles as typed: separated by commas, spaces or lines, each once. */
export function handlesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** The form read into a new promotion (scope still by handle), or the messages. */
export function readNewPromotion(
  form: CreateForm,
):
  | { promotion: NewPromotionBasics; handles: string[]; addOns: AddOnLine[]; giftPart: string }
  | { errors: Partial<Record<CreateField, string>> } {
  const errors: Partial<Record<CreateField, string>> = {};
  const source = oneOf<DiscountSource>(DISCOUNT_SOURCES, form.source);
  if (!source) errors.source = PROMOTION_CREATE_MSG.source;
  const gives = oneOf<Gives>(GIVES, form.discountType);
  if (!gives) errors.discountType = PROMOTION_CREATE_MSG.discountType;
  const discountType = oneOf<DiscountType>(DISCOUNT_TYPES, form.discountType);
  const addOns = gives === 'ADD_ON' ? readAddOns(form.addOns) : [];
  if (!addOns) errors.addOns = PROMOTION_CREATE_MSG.addOns;
  const giftPart = gives === 'GIFT' ? form.giftPart.trim() : '';
  if (gives === 'GIFT' && !/^\S{1,64}$/.test(giftPart)) errors.giftPart = PROMOTION_CREATE_MSG.giftPart;
  const giftQuantity = gives === 'GIFT' ? Number(form.giftQuantity.trim() || '1') : 1;
  if (!Number.isInteger(giftQuantity) || giftQuantity < 1 || giftQuantity > 10)
    errors.giftQuantity = PROMOTION_CREATE_MSG.giftQuantity;
  const thresholdType = oneOf<ThresholdType>(THRESHOLD_TYPES, form.thresholdType);
  if (!thresholdType) errors.thresholdType = PROMOTION_CREATE_MSG.thresholdType;
  const code = form.code.trim().toUpperCase();
  if (source === 'PROMOTION_CODE' && !CODE.test(code)) errors.code = PROMOTION_CREATE_MSG.code;
  const maxText = form.maxDiscount.trim();
  const maxDiscountCent = maxText === '' ? null : (dollarsToCents(maxText, PROMOTION_DOLLARS) ?? -1);
  if (maxDiscountCent === -1 || maxDiscountCent === 0) errors.maxDiscount = PROMOTION_CREATE_MSG.maxDiscount;
  const handles = handlesOf(form.categories);
  if (handles.length > SCOPE_CATEGORIES_MAX) errors.categories = PROMOTION_CREATE_MSG.tooManyCategories;
  // The basics are read as the edit form reads them, against what this promotion will be.
  const shape = {
    discountType: discountType ?? null,
    thresholdType: thresholdType ?? 'NO_THRESHOLD',
    discountValue: 0,
    thresholdValue: 0,
    usedCount: 0,
  } as AdminPromotionRecord;
  const basics = readBasics(shape, {
    ...form,
    discountValue: discountType === 'PERCENT' || discountType === 'FIXED_AMOUNT' ? form.discountValue : '0',
    thresholdValue: thresholdType === 'NO_THRESHOLD' ? '0' : form.thresholdValue,
  });
  if ('errors' in basics) Object.assign(errors, basics.errors);
  if (Object.keys(errors).length > 0 || 'errors' in basics) return { errors };
  return {
    handles,
    addOns: addOns!,
    giftPart,
    promotion: {
      ...basics.basics,
      code: source === 'PROMOTION_CODE' ? code : null,
      source: source!,
      promotionType: PROMOTION_TYPE_OF[gives!],
      discountType,
      thresholdType: thresholdType!,
      appliesTo: handles.length > 0 ? 'SELECTED' : 'ALL',
      memberOnly: source === 'COUPON' || form.memberOnly === 'on' ? 1 : 0,
      integralScore: null,
      limitScene: null,
      maxDiscountCent: discountType === 'PERCENT' ? maxDiscountCent : null,
      giftSkuId: null,
      giftQuantity,
    },
  };
}

/**
 * Creates the promotion the form describes. A key seen before answers the promotion it made; a
 * taken code is a message; a new id taken meanwhile by another staff member's create is retried.
 */
export async function createPromotion(
  db: D1Database,
  form: CreateForm,
  key: string,
  audit: (id: number) => AuditedChange,
): Promise<CreateResult> {
  const repository = promotionAdminRepository(db);
  const made = await repository.byCreateKey(key);
  if (made) return { ok: true, id: made.id };
  const read = readNewPromotion(form);
  if ('errors' in read) return { ok: false, errors: read.errors };
  const found = await backCategoriesByHandle(db, read.handles);
  const known = new Set(found.map((category) => category.handle.toLowerCase()));
  const unknown = read.handles.filter((handle) => !known.has(handle.toLowerCase()));
  if (unknown.length > 0) return { ok: false, errors: { categories: PROMOTION_CREATE_MSG.unknownCategories(unknown) } };
  const parts = [...read.addOns.map((line) => line.partNumber), ...(read.giftPart ? [read.giftPart] : [])];
  const skus = new Map((await skusByPartNumbers(db, parts)).map((sku) => [sku.partNumber, sku.skuId]));
  const missing = parts.filter((part) => !skus.has(part));
  if (missing.length > 0) {
    const field = read.giftPart && missing.includes(read.giftPart) ? 'giftPart' : 'addOns';
    return { ok: false, errors: { [field]: PROMOTION_CREATE_MSG.unknownParts(missing) } };
  }
  const promotion: NewPromotionRecord = {
    ...read.promotion,
    giftSkuId: read.giftPart ? skus.get(read.giftPart)! : null,
    scope: found.map((category) => ({ targetType: 'CATEGORY', targetId: category.id })),
    addOns: read.addOns.map((line) => ({
      skuId: skus.get(line.partNumber)!,
      priceCent: line.priceCent,
      percentOff: line.percentOff,
      maxQuantity: line.maxQuantity,
    })),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (promotion.code && (await repository.codeTaken(promotion.code, promotion.market)))
      return { ok: false, errors: { code: PROMOTION_CREATE_MSG.codeTaken } };
    const id = await repository.nextId();
    const { scope: _scope, ...after } = promotion;
    const categories = found.map((category) => category.handle);
    try {
      await unitOfWork(db)
        .add(...repository.createStatements(id, promotion, key))
        .audit(audit(id)({ before: null, after: { ...after, categories } }))
        .run();
      return { ok: true, id };
    } catch (error) {
      // Another create won the key, the code or the id: the key and code answer; the id is retried.
      const won = await repository.byCreateKey(key);
      if (won) return { ok: true, id: won.id };
      if (!/UNIQUE|PRIMARY/i.test(String(error))) throw error;
    }
  }
  throw new Error('a promotion id could not be assigned after 3 attempts');
}
