import { describe, expect, it } from 'vitest';
import { fromBase64, fromBase64Url, fromHex, textToBase64, toBase64, toBase64Url, toHex } from './base64.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('base64', () => {
  it('writes the RFC 4648 test vectors, padded', () => {
    const vectors = {
      '': '',
      f: 'Zg==',
      fo: 'Zm8=',
      foo: 'Zm9v',
      foob: 'Zm9vYg==',
      fooba: 'Zm9vYmE=',
      foobar: 'Zm9vYmFy',
    };
    for (const [text, encoded] of Object.entries(vectors)) {
      expect(toBase64(bytes(text))).toBe(encoded);
      expect([...(fromBase64(encoded) ?? [])]).toEqual([...bytes(text)]);
    }
  });

  it("round-trips every length, and bodies far beyond an engine's limit on arguments", () => {
    for (const length of [0, 1, 2, 3, 4, 5, 31, 32, 33, 200_000]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 37) % 256);
      expect(fromBase64(toBase64(data))).toEqual(data);
      expect(fromBase64Url(toBase64Url(data), Number.MAX_SAFE_INTEGER) ?? new Uint8Array()).toEqual(data);
    }
  });

  it('takes an ArrayBuffer as well as bytes, and text as UTF-8', () => {
    expect(toBase64(Uint8Array.of(1, 2, 3).buffer)).toBe('AQID');
    expect(textToBase64('é €')).toBe('w6kg4oKs');
  });

  it('refuses text that is not padded base64', () => {
    for (const text of ['Zg', 'Zg=', 'Zm9v!', 'Zm 9v', '-_8=', 'Zg===']) expect(fromBase64(text), text).toBeNull();
  });
});

describe('base64url', () => {
  it('writes - and _ for + and /, without padding', () => {
    expect(toBase64(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
    expect([...(fromBase64Url('-_8', 10) ?? [])]).toEqual([0xfb, 0xff]);
  });

  it('refuses empty, foreign, impossible and longer-than-allowed text', () => {
    for (const text of ['', '+/8', 'ab=', 'abcde', 'a b']) expect(fromBase64Url(text, 100), text).toBeNull();
    expect(fromBase64Url('abcd', 3)).toBeNull();
    expect(fromBase64Url('abcd', 4)).not.toBeNull();
  });
});

describe('hex', () => {
  it('writes lowercase pairs and reads them back, either case', () => {
    const data = Uint8Array.from([0, 1, 15, 16, 171, 255]);
    expect(toHex(data)).toBe('00010f10abff');
    expect(toHex(data.buffer)).toBe('00010f10abff');
    expect(fromHex('00010F10ABff', 64)).toEqual(data);
    expect(fromHex('', 64)).toEqual(new Uint8Array());
  });

  it('reads nothing from odd lengths, other characters or text beyond its limit', () => {
    for (const text of ['0', 'abc', 'zz', '0x12', '12 34']) expect(fromHex(text, 64)).toBeNull();
    expect(fromHex('ab'.repeat(33), 64)).toBeNull();
  });
});
