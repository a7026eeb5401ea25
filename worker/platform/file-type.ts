/**
 * The type of an uploaded file, from its first bytes (magic numbers), never from its name or the
 * type a browser claims: JPEG, PNG, WebP, HEIC images; MP4 and QuickTime (MOV) videos. Return
 * evidence, chat and ticket images and the catalog's product photos are all checked here; exemption
 * certificates (PDF, JPEG, PNG) by documentTypeOf.
 */

/** The types a file can be recognised as. */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'video/mp4' | 'video/quicktime';
export type SniffedImageType = Extract<SniffedType, `image/${string}`>;

/** How many bytes sniffing needs to see. */
export const SNIFF_BYTES = 16;

/** The ISO base media brands (the ftyp box's major brand) of HEIC/HEIF still images. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
/** The major brands of MP4 files phones and cameras write. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'mmp4',
  'dash',
  '3gp4',
  '3gp5',
  '3g2a',
]);
/** Old QuickTime files start with one of these atoms instead of ftyp. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide']);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** The file's type from its first SNIFF_BYTES bytes (more are ignored), or null when it is none of the types. */
export function fileTypeOf(bytes: Uint8Array): SniffedType | null {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.length < 12) return null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (HEIF_BRANDS.has(brand)) return 'image/heic';
    if (brand === 'qt  ') return 'video/quicktime';
    if (MP4_BRANDS.has(brand)) return 'video/mp4';
    return null;
  }
  return QUICKTIME_ATOMS.has(box) ? 'video/quicktime' : null;
}

/** The file's image type from its first bytes, or null when it is no image (a video included). */
export function imageTypeOf(bytes: Uint8Array): SniffedImageType | null {
  const type = fileTypeOf(bytes);
  return type?.startsWith('image/') ? (type as SniffedImageType) : null;
}

/** The document types a scanned paper may be sent as: a PDF, or a JPEG or PNG photo of it. */
export type SniffedDocumentType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** A scanned document's type from its first bytes (a PDF starts "%PDF-"), or null when it is none of them. */
export function documentTypeOf(bytes: Uint8Array): SniffedDocumentType | null {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  const image = imageTypeOf(head);
  return image === 'image/jpeg' || image === 'image/png' ? image : null;
}
