/**
 * Batches of single-use codes for a code promotion (issue 22): staff ask for a number of codes
 * with an optional prefix; each is a one-use clone of the promotion (batch-repository.ts), so a
 * code used by one order is refused to the next with the engine's usage-limit message. The form's
 * key makes a double click one batch.
 */
import { unitOfWork } from '../platform/unit-of-work.ts';
import type { AuditedChange } from './admin.ts';
import { promotionAdminRepository } from './admin-repository.ts';
import { type BatchCodeRecord, promotionBatchRepository } from './batch-repository.ts';

export const BATCH_MAX = 1000;
/** Random characters per code, from an alphabet without look-alikes (no 0/O, 1/I/L). */
const CODE_LENGTH = 8;
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const BATCH_MSG = {
  count: `Enter how many codes to make: a whole number from 1 to ${BATCH_MAX}.`,
  prefix: 'A prefix is up to 8 letters or digits, or empty.',
  notCode: 'Only a code promotion can have single-use codes.',
  ofBatch: 'This is a single-use code of a batch; make more codes from its promotion.',
} as const;

export type BatchResult =
  | { ok: true; count: number }
  | { ok: false; problem: 'not-found' }
  | { ok: false; problem: 'invalid'; errors: { count?: string; prefix?: string; batch?: string } };

/** `count` random codes, `PREFIX-XXXXXXXX` (or without a prefix), distinct. */
export function newCodes(count: number, prefix: string): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
    const random = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    codes.add(prefix ? `${prefix}-${random}` : random);
  }
  return [...codes];
}

/** The form read: how many codes and the prefix, or the messages. */
export function readBatchForm(form: {
  count: string;
  prefix: string;
}): { count: number; prefix: string } | { errors: { count?: string; prefix?: string } } {
  const errors: { count?: string; prefix?: string } = {};
  const count = /^\d{1,4}$/.test(form.count.trim()) ? Number(form.count.trim()) : 0;
  if (count < 1 || count > BATCH_MAX) errors.count = BATCH_MSG.count;
  const prefix = form.prefix.trim().toUpperCase();
  if (!/^[A-Z0-9]{0,8}$/.test(prefix)) errors.prefix = BATCH_MSG.prefix;
  return Object.keys(errors).length > 0 ? { errors } : { count, prefix };
}

/** Makes the batch: one write with its audit entry; a key seen before answers the batch it made. */
export async function generateCodeBatch(
  db: D1Database,
  parentId: number,
  form: { count: string; prefix: string },
  key: string,
  audit: AuditedChange,
): Promise<BatchResult> {
  const parent = await promotionAdminRepository(db).byId(parentId);
  if (!parent) return { ok: false, problem: 'not-found' };
  if (parent.batchParentId !== null) return { ok: false, problem: 'invalid', errors: { batch: BATCH_MSG.ofBatch } };
  if (parent.source !== 'PROMOTION_CODE')
    return { ok: false, problem: 'invalid', errors: { batch: BATCH_MSG.notCode } };
  const read = readBatchForm(form);
  if ('errors' in read) return { ok: false, problem: 'invalid', errors: read.errors };
  const batches = promotionBatchRepository(db);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await batches.madeWith(key)) return { ok: true, count: read.count };
    let codes = newCodes(read.count, read.prefix);
    const taken = new Set(await batches.takenCodes(codes));
    if (taken.size > 0) codes = codes.filter((code) => !taken.has(code)).concat(newCodes(taken.size, read.prefix));
    const firstId = await batches.nextIds();
    try {
      await unitOfWork(db)
        .add(...batches.cloneStatements(parentId, firstId, codes, key))
        .audit(audit({ before: null, after: { singleUseCodes: codes.length, prefix: read.prefix || null } }))
        .run();
      return { ok: true, count: codes.length };
    } catch (error) {
      // A double click made it, or another create took an id or a code: the key answers, the rest retries.
      if (!/UNIQUE|PRIMARY/i.test(String(error))) throw error;
    }
  }
  throw new Error('a batch of codes could not be written after 3 attempts');
}

/** The batch's size and use, for the promotion's page. */
export function codeBatchSummary(db: D1Database, parentId: number) {
  return promotionBatchRepository(db).summary(parentId);
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The codes as CSV (code, used, order, created), for sending to a partner or a mailing. */
export async function codeBatchCsv(db: D1Database, parentId: number): Promise<string> {
  const rows = await promotionBatchRepository(db).codes(parentId);
  const line = (row: BatchCodeRecord) =>
    [row.code, row.usedCount > 0 ? 'yes' : 'no', row.orderId ?? '', new Date(row.createdAt * 1000).toISOString()]
      .map(csvField)
      .join(',');
  return ['code,used,order,created', ...rows.map(line)].join('\n') + '\n';
}
