/**
 * Base64 (RFC 4648 §4), base64url (§5) and hex for the Worker and the browser alike, over the
 * platforms' own `btoa`/`atob`. (`Uint8Array.prototype.toBase64` would do this natively, but
 * Node 24 has no such method, and scripts and tests run there too.)
 */

/** Bytes handed to String.fromCharCode at once: far below any engine's limit on arguments. */
const CHUNK = 0x8000;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

const bytesOf = (data: ArrayBuffer | Uint8Array) => (data instanceof Uint8Array ? data : new Uint8Array(data));

/** Bytes as padded base64. */
export function toBase64(data: ArrayBuffer | Uint8Array): string {
  const bytes = bytesOf(data);
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/** Bytes as base64url without padding: safe in URLs, cookies and the parts of a dotted token. */
export function toBase64Url(data: ArrayBuffer | Uint8Array): string {
  return toBase64(data).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Text (UTF-8) as padded base64, e.g. a MIME part's body. */
export function textToBase64(text: string): string {
  return toBase64(new TextEncoder().encode(text));
}

const fromBinary = (binary: string) => Uint8Array.from(binary, (char) => char.charCodeAt(0));

/** Padded base64 as bytes; null when the text is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  return BASE64.test(text) ? fromBinary(atob(text)) : null;
}

/**
 * Unpadded base64url as bytes; null when it is empty, not base64url, of an impossible length, or
 * longer than `maxLength` characters (a reader of untrusted text says how much it will decode).
 */
export function fromBase64Url(text: string, maxLength: number): Uint8Array<ArrayBuffer> | null {
  if (text.length === 0 || text.length > maxLength || !BASE64URL.test(text) || text.length % 4 === 1) return null;
  return fromBinary(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** Bytes as lowercase hex (digests, random ids, webhook signatures). */
export function toHex(data: ArrayBuffer | Uint8Array): string {
  return Array.from(bytesOf(data), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hex as bytes; null when it is not whole bytes of hex or longer than `maxLength` characters. */
export function fromHex(text: string, maxLength: number): Uint8Array<ArrayBuffer> | null {
  if (text.length > maxLength || !HEX.test(text)) return null;
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}
