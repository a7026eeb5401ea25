import { describe, expect, it } from 'vitest';
import { fileTypeOf, imageTypeOf } from '../../worker/platform/file-type.ts';

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** A file's first 16 bytes: the given ones, then zeros. */
const head = (...bytes: number[]) => Uint8Array.from({ length: 16 }, (_, i) => bytes[i] ?? 0);
const box = (type: string, brand: string) => head(0, 0, 0, 24, ...ascii(type), ...ascii(brand));

describe('a file type read from its first bytes', () => {
  it('knows JPEG, PNG, WebP and HEIC images and MP4 and QuickTime videos', () => {
    expect(fileTypeOf(head(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(fileTypeOf(head(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(fileTypeOf(head(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')))).toBe('image/webp');
    expect(fileTypeOf(box('ftyp', 'heic'))).toBe('image/heic');
    expect(fileTypeOf(box('ftyp', 'mif1'))).toBe('image/heic');
    expect(fileTypeOf(box('ftyp', 'isom'))).toBe('video/mp4');
    expect(fileTypeOf(box('ftyp', 'qt  '))).toBe('video/quicktime');
    expect(fileTypeOf(box('moov', 'abcd'))).toBe('video/quicktime');
  });

  it('knows nothing else, and nothing from fewer than 12 bytes', () => {
    expect(fileTypeOf(head(...ascii('%PDF-1.7')))).toBeNull();
    expect(fileTypeOf(head(...ascii('<svg xmlns=')))).toBeNull();
    expect(fileTypeOf(box('ftyp', 'zzzz'))).toBeNull();
    expect(fileTypeOf(head(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeNull();
    expect(fileTypeOf(Uint8Array.of(0xff, 0xd8, 0xff))).toBeNull();
  });

  it('reads only the head of a whole file', () => {
    const photo = new Uint8Array(4096);
    photo.set([0xff, 0xd8, 0xff, 0xe1]);
    photo.set(ascii('ftypisom'), 4);
    expect(fileTypeOf(photo)).toBe('image/jpeg');
  });

  it('says which are images, for the chat, the help desk and product photos', () => {
    expect(imageTypeOf(head(0xff, 0xd8, 0xff))).toBe('image/jpeg');
    expect(imageTypeOf(box('ftyp', 'heic'))).toBe('image/heic');
    expect(imageTypeOf(box('ftyp', 'isom'))).toBeNull();
    expect(imageTypeOf(head(...ascii('GIF89a')))).toBeNull();
  });
});
