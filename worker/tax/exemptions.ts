import type { Locale } from '../../shared/i18n/locale.ts';
import type { MarketId } from '../../shared/markets.ts';
import {
  EXEMPTION_KEY_PREFIX,
  EXEMPTION_KINDS,
  EXEMPTION_LIMITS,
  EXEMPTION_MSG,
  exemptionRegions,
  type ExemptionKind,
  type OrderExemption,
} from '../../shared/tax-exemptions.ts';
import { documentTypeOf, SNIFF_BYTES } from '../platform/file-type.ts';
import { randomHex } from '../platform/signing.ts';
import type { ExemptionCertificate, ExemptionFile } from './exemption-records.ts';
import { exemptionRepository } from './exemption-repository.ts';

/**
 * A member's exemption certificates (issue 39 item 3): sending one (a PDF, JPEG or PNG whose type
 * is read from its bytes, within the size limit, kept in R2 under a random key nobody outside the
 * Worker sees), reading their own, and the file itself, which only its member and staff may open.
 */

export interface ExemptionEnv {
  DB: D1Database;
  MEDIA: R2Bucket;
}

/** What the member's form sent: its fields as text, the file as the browser sent it, and the page's language. */
export interface CertificateUpload {
  kind: string;
  number: string;
  regions: string[];
  file: File | null;
  locale: Locale;
}

export type UploadField = 'kind' | 'number' | 'regions' | 'file';

export type UploadResult =
  | { ok: true; certificateId: number }
  | { ok: false; status: 400 | 413 | 415 | 429; errors: Partial<Record<UploadField, string>> };

/** The certificate an order was sold exempt under, for its invoice and emails; null where none applied. */
export function orderExemption(db: D1Database, orderId: string): Promise<OrderExemption | null> {
  return exemptionRepository(db).ofOrder(orderId);
}

/** A member's certificates, newest first. */
export function memberCertificates(db: D1Database, accountId: number): Promise<ExemptionCertificate[]> {
  return exemptionRepository(db).ofAccount(accountId);
}

/** The form's fields read against the market: the problems, or the certificate's kind, number and regions. */
function readFields(market: MarketId, upload: CertificateUpload) {
  const errors: Partial<Record<UploadField, string>> = {};
  const kind = upload.kind as ExemptionKind;
  if (!EXEMPTION_KINDS.includes(kind)) errors.kind = EXEMPTION_MSG.kind;
  const number = upload.number.trim();
  if (number === '' || number.length > EXEMPTION_LIMITS.numberMaxLength) errors.number = EXEMPTION_MSG.number;
  const offered = new Set(exemptionRegions(market).map((region) => region.key));
  const regions = [...new Set(upload.regions)].filter((region) => offered.has(region)).sort();
  if (regions.length === 0 || regions.length !== new Set(upload.regions).size)
    errors.regions = EXEMPTION_MSG.regions(market);
  return { errors, kind, number, regions };
}

/** A file name fit to keep and show: its last path part, printable, shortened. */
const fileNameOf = (file: File) =>
  (file.name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, EXEMPTION_LIMITS.fileNameMaxLength) || 'certificate';

/**
 * Stores a member's certificate for review. The file's type comes from its first bytes; it goes to
 * R2 first, and its row is written after within the member's limit of certificates waiting for
 * review (refused: the file is deleted again).
 */
export async function uploadCertificate(
  env: ExemptionEnv,
  accountId: number,
  market: MarketId,
  upload: CertificateUpload,
  now: number,
): Promise<UploadResult> {
  const { errors, kind, number, regions } = readFields(market, upload);
  const file = upload.file && upload.file.size > 0 ? upload.file : null;
  if (!file) errors.file = EXEMPTION_MSG.fileMissing;
  else if (file.size > EXEMPTION_LIMITS.maxBytes)
    return { ok: false, status: 413, errors: { ...errors, file: EXEMPTION_MSG.fileTooLarge } };
  if (!file || Object.keys(errors).length > 0) return { ok: false, status: 400, errors };
  const contentType = documentTypeOf(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!contentType) return { ok: false, status: 415, errors: { file: EXEMPTION_MSG.fileType } };
  const objectKey = `${EXEMPTION_KEY_PREFIX}${randomHex(16)}`;
  await env.MEDIA.put(objectKey, await file.arrayBuffer(), {
    httpMetadata: { contentType },
    customMetadata: { accountId: String(accountId) },
  });
  const fileName = fileNameOf(file);
  const row = { accountId, market, kind, number, claimedRegions: regions, objectKey, fileName, contentType };
  const { locale } = upload;
  const id = await exemptionRepository(env.DB)
    .insertWithin({ ...row, size: file.size, createdAt: now, locale }, EXEMPTION_LIMITS.pendingPerMember)
    .catch(async (error: unknown) => {
      await env.MEDIA.delete(objectKey);
      throw error;
    });
  if (id === null) {
    await env.MEDIA.delete(objectKey);
    return { ok: false, status: 429, errors: { file: EXEMPTION_MSG.tooManyPending } };
  }
  return { ok: true, certificateId: id };
}

/**
 * A certificate's file for its own member (`accountId`) or for staff (null): anyone else's, or one
 * that does not exist, is the same null.
 */
export async function certificateFile(
  env: ExemptionEnv,
  id: number,
  accountId: number | null,
): Promise<{ object: R2ObjectBody; file: ExemptionFile } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const file = await exemptionRepository(env.DB).file(id);
  if (!file || (accountId !== null && file.accountId !== accountId)) return null;
  const object = await env.MEDIA.get(file.objectKey);
  return object ? { object, file } : null;
}

/**
 * A certificate's bytes as an answer: its sniffed type, never cached, never run as a page. Images
 * open in the browser; a PDF is downloaded (a PDF viewer inside the shop's origin is not trusted).
 */
export function certificateFileResponse(found: { object: R2ObjectBody; file: ExemptionFile }, id: number): Response {
  const { object, file } = found;
  const pdf = file.contentType === 'application/pdf';
  const name = `certificate-${id}.${pdf ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg'}`;
  return new Response(object.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(object.size),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'Content-Disposition': `${pdf ? 'attachment' : 'inline'}; filename="${name}"`,
    },
  });
}
