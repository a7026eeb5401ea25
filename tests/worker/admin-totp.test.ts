import { describe, expect, it } from 'vitest';
import { newSession, readSession, signSession } from '../../worker/admin/session.ts';
import { signSession as signShopperSession } from '../../worker/platform/tokens.ts';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpCode } from '../../worker/admin/totp.ts';

const ascii = (text: string) => new TextEncoder().encode(text);
/** RFC 6238 appendix B: the seeds (20, 32 and 64 bytes) and the 8-digit codes at each time. */
const SEEDS = {
  'SHA-1': ascii('12345678901234567890'),
  'SHA-256': ascii('12345678901234567890123456789012'),
  'SHA-512': ascii('1234567890123456789012345678901234567890123456789012345678901234'),
} as const;
const VECTORS: [number, Record<keyof typeof SEEDS, string>][] = [
  [59, { 'SHA-1': '94287082', 'SHA-256': '46119246', 'SHA-512': '90693936' }],
  [1111111109, { 'SHA-1': '07081804', 'SHA-256': '68084774', 'SHA-512': '25091201' }],
  [1111111111, { 'SHA-1': '14050471', 'SHA-256': '67062674', 'SHA-512': '99943326' }],
  [1234567890, { 'SHA-1': '89005924', 'SHA-256': '91819424', 'SHA-512': '93441116' }],
  [2000000000, { 'SHA-1': '69279037', 'SHA-256': '90698825', 'SHA-512': '38618901' }],
  [20000000000, { 'SHA-1': '65353130', 'SHA-256': '77737706', 'SHA-512': '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 test vectors for SHA-1, SHA-256 and SHA-512', async () => {
    for (const [time, codes] of VECTORS) {
      for (const hash of Object.keys(SEEDS) as (keyof typeof SEEDS)[]) {
        expect(await hotp(SEEDS[hash], Math.floor(time / 30), 8, hash), `${hash} at ${time}`).toBe(codes[hash]);
      }
    }
  });

  it('gives the 6-digit SHA-1 code authenticator apps show for a base32 secret', async () => {
    const secret = base32Encode(SEEDS['SHA-1']);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(await totpCode(secret, 59_000)).toBe('287082');
    expect(await totpCode(secret, 1_111_111_109_000)).toBe('081804');
  });

  it('round-trips base32 and refuses other characters', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode('gezd gnbv gy3t qojq====')).toEqual(ascii('1234567890'));
    expect(base32Decode('ABC1')).toBeNull();
  });

  it('accepts a code one step either side of now, not two, and never a step already used', async () => {
    const secret = base32Encode(SEEDS['SHA-1']);
    const now = 1_111_111_111_000;
    const step = Math.floor(now / 30_000);
    for (const offset of [-1, 0, 1]) {
      const code = await totpCode(secret, now + offset * 30_000);
      expect(await matchTotp(secret, code, now)).toBe(step + offset);
    }
    for (const offset of [-2, 2])
      expect(await matchTotp(secret, await totpCode(secret, now + offset * 30_000), now)).toBeNull();
    expect(await matchTotp(secret, await totpCode(secret, now), now, step)).toBeNull();
    expect(await matchTotp(secret, '12345', now)).toBeNull();
  });

  it('writes the otpauth URL authenticator apps read', () => {
    expect(otpauthUrl('GEZDGNBV', 'a@b.test', 'Shop staff')).toBe(
      'otpauth://totp/Shop%20staff%3Aa%40b.test?secret=GEZDGNBV&issuer=Shop+staff&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('staff session tokens', () => {
  const secret = 'a test secret for staff sessions';
  it('last 30 idle minutes and at most 8 hours, and are never a shopper token', async () => {
    const start = Date.UTC(2026, 0, 5, 9, 0, 0);
    const session = newSession(7, 3, start);
    const token = await signSession(session, secret);
    expect(await readSession(token, secret, start + 29 * 60_000)).toMatchObject({ staffId: 7, sessionVersion: 3 });
    expect(await readSession(token, secret, start + 31 * 60_000)).toBeNull();
    const renewed = await signSession({ ...session, seenAt: Math.floor(start / 1000) + 7.9 * 3600 }, secret);
    expect(await readSession(renewed, secret, start + 7.95 * 3_600_000)).not.toBeNull();
    expect(await readSession(renewed, secret, start + 8.05 * 3_600_000)).toBeNull();
    expect(await readSession(token, 'another secret', start)).toBeNull();
    const shopper = await signShopperSession({ accountId: 7, tokenVersion: 3 }, secret, start);
    expect(await readSession(shopper.token, secret, start)).toBeNull();
  });
});
