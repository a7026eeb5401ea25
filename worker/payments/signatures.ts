import { fromHex, toHex } from '../../shared/base64.ts';
import { ApiError } from '../platform/api-error.ts';
import { hmacBytes, hmacMatches } from '../platform/signing.ts';

/** Signed webhooks: the `t=...,v1=...` HMAC scheme both providers use, and reading a verified body. */

/** The replay window for signed webhooks: an older (or future) timestamp is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type SignatureCheck = 'valid' | 'bad-signature' | 'stale' | 'missing' | 'malformed';

/** A `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` header, the scheme both providers' webhooks use. */
export async function signatureHeader(secret: string, rawBody: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${toHex(await hmacBytes(secret, `${t}.${rawBody}`))}`;
}

/**
 * Checks a `t=...,v1=...` header against the raw body. The timestamp is inside the signed text,
 * so a captured request cannot be replayed after the window; comparison is constant-time.
 */
export async function checkSignature(
  secret: string,
  header: string | null,
  rawBody: string,
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Promise<SignatureCheck> {
  if (!header) return 'missing';
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts
    .filter(([key, value]) => key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value))
    .map(([, value]) => value!);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return 'malformed';
  let matches = false;
  for (const signature of signatures) {
    if (await hmacMatches(secret, `${t}.${rawBody}`, fromHex(signature, 64)!)) matches = true;
  }
  if (!matches) return 'bad-signature';
  return Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds ? 'stale' : 'valid';
}

/**
 * Reads a webhook's raw body and checks its signature: a null body means refuse with 401; a
 * malformed header is a 400.
 */
export async function readSignedBody(
  request: Request,
  header: string,
  secret: string | undefined,
  nowMs: number,
): Promise<string | null> {
  if (!secret) throw new Error(`No webhook secret is configured for ${new URL(request.url).pathname}`);
  const rawBody = await request.text();
  const check = await checkSignature(secret, request.headers.get(header), rawBody, nowMs);
  if (check === 'malformed') throw ApiError.badRequest(`${header} header is malformed`);
  return check === 'valid' ? rawBody : null;
}

/** Parses a verified body as a JSON object; anything else is a 400. */
export function parseEventBody(rawBody: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw ApiError.badRequest('body must be valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw ApiError.badRequest('body must be a JSON object');
  return parsed as Record<string, unknown>;
}
