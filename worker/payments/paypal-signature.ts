/**
 * PayPal's webhook signature, verified the way PayPal documents it (Integrate webhooks, "verify the
 * signature yourself"): the signed text is `transmission id|transmission time|webhook id|CRC32 of the
 * raw body` (the CRC as an unsigned decimal), signed SHA256withRSA with the key of the X.509
 * certificate at PAYPAL-CERT-URL. The certificate is fetched only from PayPal's own hosts (or the
 * configured API base, where tests run the fake), and its key is kept an hour per isolate. A
 * transmission older or newer than five minutes is refused, so a captured delivery cannot be replayed.
 */
import { caches } from '../platform/caches.ts';

export const PAYPAL_TOLERANCE_SECONDS = 300;
const CERT_HOSTS = ['api.paypal.com', 'api-m.paypal.com', 'api.sandbox.paypal.com', 'api-m.sandbox.paypal.com'];

export type PaypalSignatureCheck = 'valid' | 'bad-signature' | 'stale' | 'missing' | 'untrusted-cert';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3) of the bytes, as PayPal puts it in the signed text: an unsigned decimal. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The text PayPal signs for one delivery. */
export function signedText(transmissionId: string, time: string, webhookId: string, rawBody: string): string {
  return `${transmissionId}|${time}|${webhookId}|${crc32(new TextEncoder().encode(rawBody))}`;
}

/** One DER element: its tag, where its content starts and ends, and where the whole element ends. */
function element(der: Uint8Array, at: number) {
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + der[start + i]!;
    start += count;
  }
  return { tag, start, end: start + length, at };
}

function children(der: Uint8Array, parent: { start: number; end: number }) {
  const list: ReturnType<typeof element>[] = [];
  for (let at = parent.start; at < parent.end; at = list[list.length - 1]!.end) list.push(element(der, at));
  return list;
}

function derTime(der: Uint8Array, node: ReturnType<typeof element>): number {
  const text = new TextDecoder().decode(der.subarray(node.start, node.end));
  const full = node.tag === 0x17 ? `${Number(text.slice(0, 2)) < 50 ? '20' : '19'}${text}` : text;
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(full) ?? [];
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

/**
 * The public key and validity of an X.509 certificate (PEM): the SubjectPublicKeyInfo of its
 * TBSCertificate (RFC 5280 §4.1), imported for RSASSA-PKCS1-v1_5 with SHA-256.
 */
export async function certificateKey(pem: string): Promise<{ key: CryptoKey; notAfter: number } | null> {
  try {
    const base64 = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    const der = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const [tbs] = children(der, element(der, 0));
    const fields = children(der, tbs!);
    const offset = fields[0]!.tag === 0xa0 ? 1 : 0;
    const validity = children(der, fields[offset + 3]!);
    const spki = fields[offset + 5]!;
    const key = await crypto.subtle.importKey(
      'spki',
      der.subarray(spki.at, spki.end),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    return { key, notAfter: derTime(der, validity[1]!) };
  } catch {
    return null;
  }
}

/** Whether a certificate URL is PayPal's own (https on its API hosts) or the configured API base's. */
export function trustedCertUrl(url: string, apiBase: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' && CERT_HOSTS.includes(parsed.hostname)) return true;
    return parsed.origin === new URL(apiBase).origin;
  } catch {
    return false;
  }
}

export interface PaypalSignature {
  transmissionId: string | null;
  transmissionTime: string | null;
  transmissionSig: string | null;
  certUrl: string | null;
  authAlgo: string | null;
}

/** Checks one delivery's signature against its raw body; `fetchCert` reads a trusted certificate URL. */
export async function checkPaypalSignature(
  signature: PaypalSignature,
  rawBody: string,
  context: { webhookId: string; apiBase: string; now: number; fetchCert(url: string): Promise<string | null> },
): Promise<PaypalSignatureCheck> {
  const { transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo } = signature;
  if (!transmissionId || !transmissionTime || !transmissionSig || !certUrl) return 'missing';
  if (authAlgo && authAlgo !== 'SHA256withRSA') return 'bad-signature';
  if (!trustedCertUrl(certUrl, context.apiBase)) return 'untrusted-cert';
  let kept = caches.paypalCerts.get(certUrl);
  if (!kept || kept.expires <= context.now) {
    const pem = await context.fetchCert(certUrl);
    const cert = pem ? await certificateKey(pem) : null;
    if (!cert || cert.notAfter <= context.now) return 'untrusted-cert';
    kept = { key: cert.key, expires: Math.min(context.now + 3600_000, cert.notAfter) };
    caches.paypalCerts.set(certUrl, kept);
  }
  let sig: Uint8Array<ArrayBuffer>;
  try {
    sig = Uint8Array.from(atob(transmissionSig), (char) => char.charCodeAt(0));
  } catch {
    return 'bad-signature';
  }
  const text = new TextEncoder().encode(signedText(transmissionId, transmissionTime, context.webhookId, rawBody));
  if (!(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', kept.key, sig, text))) return 'bad-signature';
  const sent = Date.parse(transmissionTime);
  if (!Number.isFinite(sent) || Math.abs(context.now - sent) > PAYPAL_TOLERANCE_SECONDS * 1000) return 'stale';
  return 'valid';
}
