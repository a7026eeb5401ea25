/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) with WebCrypto: 30-second steps,
 * 6 digits, HMAC-SHA-1, as every authenticator app reads an otpauth:// URL. Secrets are base32
 * (RFC 4648), the form those apps take.
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count: a phone's clock may be off by up to 30 seconds. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Encodes bytes as unpadded base32. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces and padding ignored); null when it holds another character. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A new random 160-bit secret, base32 (RFC 4226 recommends 160 bits). */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

export type TotpHash = 'SHA-1' | 'SHA-256' | 'SHA-512';

/** The HOTP value of a key at a counter (RFC 4226 section 5.3, dynamic truncation). */
export async function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, hash: TotpHash = 'SHA-1') {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const hmacKey = await crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in. */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator shows for a base32 secret at a moment. */
export async function totpCode(secret: string, nowMs = Date.now()): Promise<string> {
  const key = base32Decode(secret);
  if (!key) throw new Error('TOTP secret is not base32');
  return hotp(key, totpStep(nowMs));
}

/**
 * The time step a code matches, within one step either side of now; null when it matches none.
 * Steps up to `usedStep` are refused: a code is good once.
 */
export async function matchTotp(secret: string, code: string, nowMs = Date.now(), usedStep = 0) {
  const key = base32Decode(secret);
  if (!key || !/^\d{6}$/.test(code)) return null;
  const now = totpStep(nowMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (step > usedStep && (await hotp(key, step)) === code) return step;
  }
  return null;
}

/** The otpauth:// URL an authenticator app scans or takes pasted. */
export function otpauthUrl(secret: string, email: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${email}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query}`;
}
