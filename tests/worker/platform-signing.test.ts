import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../shared/base64.ts';
import { signOrderToken, verifyOrderToken } from '../../worker/orders/access-token.ts';
import {
  checkSeal,
  hmacSign,
  readToken,
  signClaim,
  signSeal,
  signToken,
  verifyClaim,
} from '../../worker/platform/signing.ts';
import { readInvitation, signInvitation } from '../../worker/reviews/invitation.ts';

const SECRET = 'a secret for signing tests';
const NOW = Date.UTC(2026, 10, 27, 12);
const SEC = NOW / 1000;
const ID = /^[a-z0-9]{1,20}$/;
const claim = { purpose: 'chat', subject: 'room42', expires: SEC + 60 };

describe('a signed token', () => {
  it('reads back its subject for its purpose until it expires', async () => {
    const token = await signToken(SECRET, claim);
    expect(token).toMatch(/^room42\.\d+\.[\w-]{43}$/);
    expect(await readToken(SECRET, 'chat', token, NOW, ID)).toBe('room42');
    expect(await readToken(SECRET, 'chat', token, (SEC + 60) * 1000, ID)).toBeNull();
  });

  it('opens nothing for another purpose, secret or subject, nor when any part is changed', async () => {
    const token = await signToken(SECRET, claim);
    const [subject, expires, signature] = token.split('.') as [string, string, string];
    expect(await readToken(SECRET, 'content-preview', token, NOW, ID)).toBeNull();
    expect(await readToken('another secret', 'chat', token, NOW, ID)).toBeNull();
    expect(await readToken(SECRET, 'chat', `room43.${expires}.${signature}`, NOW, ID)).toBeNull();
    expect(await readToken(SECRET, 'chat', `${subject}.${Number(expires) + 1}.${signature}`, NOW, ID)).toBeNull();
    expect(await readToken(SECRET, 'chat', `${token}x`, NOW, ID)).toBeNull();
    expect(await readToken(SECRET, 'chat', `${token}.more`, NOW, ID)).toBeNull();
    expect(await readToken(SECRET, 'chat', token, NOW, /^\d+$/)).toBeNull();
    for (const junk of ['', '.', '..', 'a.b.c', `room42.-1.${signature}`]) {
      expect(await readToken(SECRET, 'chat', junk, NOW, ID), junk).toBeNull();
    }
  });

  it('signs `<purpose>:<subject>:<expires>`, so tokens issued before it was one helper keep opening', async () => {
    const earlier = `room42.${claim.expires}.${await hmacSign(SECRET, `chat:room42:${claim.expires}`)}`;
    expect(earlier).toBe(await signToken(SECRET, claim));
    expect(await readToken(SECRET, 'chat', earlier, NOW, ID)).toBe('room42');
  });
});

describe('a seal and a bare claim', () => {
  it('open only the subject the checker names, until they expire', async () => {
    const seal = await signSeal(SECRET, claim);
    expect(seal).toMatch(/^\d+\.[\w-]{43}$/);
    expect(await checkSeal(SECRET, 'chat', 'room42', seal, NOW)).toBe(true);
    expect(await checkSeal(SECRET, 'chat', 'room43', seal, NOW)).toBe(false);
    expect(await checkSeal(SECRET, 'chat', 'room42', seal, (SEC + 61) * 1000)).toBe(false);
    expect(await checkSeal(SECRET, 'chat', 'room42', `${seal}.x`, NOW)).toBe(false);
    const signature = await signClaim(SECRET, claim);
    expect(await verifyClaim(SECRET, claim, signature, NOW)).toBe(true);
    expect(await verifyClaim(SECRET, { ...claim, purpose: 'order-access' }, signature, NOW)).toBe(false);
    expect(await verifyClaim(SECRET, { ...claim, subject: 'room.42' }, signature, NOW)).toBe(false);
  });

  it('keeps opening order tokens emailed before: `<expires>.<HMAC of order-access:<order>:<expires>>`', async () => {
    const expires = SEC + 86_400;
    const emailed = `${expires}.${await hmacSign('order key', `order-access:US1-ABCD:${expires}`)}`;
    expect(await verifyOrderToken('order key', 'US1-ABCD', emailed, NOW)).toBe(true);
    expect(await verifyOrderToken('order key', 'US1-ABCE', emailed, NOW)).toBe(false);
    expect(
      await verifyOrderToken('order key', 'US1-ABCD', await signOrderToken('order key', 'US1-ABCD', NOW), NOW),
    ).toBe(true);
  });
});

describe('a review invitation', () => {
  it('names its item and reviewer for 30 days', async () => {
    const reviewer = { email: 'buyer@example.com', market: 'ca' as const };
    const { token, expiresAt } = await signInvitation(7, SECRET, NOW, reviewer);
    expect(expiresAt).toBe(SEC + 30 * 86_400);
    expect(await readInvitation(token, SECRET, NOW)).toEqual({ itemId: 7, reviewer });
    expect(await readInvitation(token, SECRET, expiresAt * 1000)).toBeNull();
    expect(await readInvitation(token.replace(/^./, 'x'), SECRET, NOW)).toBeNull();
  });

  it('still reads one emailed before, `<claims>.<HMAC of the claims>`, until its own expiry', async () => {
    const claims = toBase64Url(new TextEncoder().encode(JSON.stringify({ itemId: 9, exp: SEC + 3600 })));
    const earlier = `${claims}.${await hmacSign(SECRET, claims)}`;
    expect(await readInvitation(earlier, SECRET, NOW)).toEqual({ itemId: 9, reviewer: null });
    expect(await readInvitation(earlier, SECRET, (SEC + 3600) * 1000)).toBeNull();
    expect(await readInvitation(`${claims}.${await hmacSign('another secret', claims)}`, SECRET, NOW)).toBeNull();
  });
});
