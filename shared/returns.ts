/** Returns (§1 Order returns, §3 Return reasons and required evidence): the words and limits, written once. */

/** The kinds of file a shopper can send as evidence. */
export type EvidenceKind = 'image' | 'video';

/**
 * What a reason asks the shopper to show: files of the given kinds (at least `minFiles`, for
 * "photos of part, package, label" one of each), a written description, and the vehicle.
 */
export interface EvidenceNeed {
  /** The §3 evidence column, as the form shows it. */
  evidence: string;
  kinds: readonly EvidenceKind[];
  minFiles: number;
  text: boolean;
  vehicle: boolean;
}

const photos = (minFiles: number) => ({ kinds: ['image'] as const, minFiles });

/** The eight §3 reasons with the evidence each needs. */
export const RETURN_REASONS = {
  'Part no longer needed': { evidence: 'photos', ...photos(1), text: false, vehicle: false },
  "Part doesn't fit": { evidence: 'car info or VIN text, plus photos', ...photos(1), text: false, vehicle: true },
  "Part doesn't work": {
    evidence: 'text, plus photos or video',
    kinds: ['image', 'video'],
    minFiles: 1,
    text: true,
    vehicle: false,
  },
  'Part was damaged': { evidence: 'photos of part, package, label', ...photos(3), text: false, vehicle: false },
  'Received wrong part': { evidence: 'text, plus photos of SKU and part', ...photos(2), text: true, vehicle: false },
  'Inaccurate part description': { evidence: 'text, plus photos', ...photos(1), text: true, vehicle: false },
  'Part missing from order': { evidence: 'photos of package, parts, label', ...photos(3), text: false, vehicle: false },
  Other: { evidence: 'photos', ...photos(1), text: false, vehicle: false },
} as const satisfies Record<string, EvidenceNeed>;

export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_LIST = Object.keys(RETURN_REASONS) as ReturnReason[];

export const isReturnReason = (value: string): value is ReturnReason => Object.hasOwn(RETURN_REASONS, value);

const MB = 1024 * 1024;

/** The evidence files a return may carry, and how long after delivery (or shipping) a return may be asked. */
export const RETURN_LIMITS = {
  maxFiles: 10,
  imageMaxBytes: 10 * MB,
  videoMaxBytes: 100 * MB,
  /** The return window when the shop settings give none (RETURN_WINDOW_DAYS). */
  windowDays: 30,
  textMaxLength: 1000,
  nameMaxLength: 120,
  /** Uploads never attached to a return are deleted after this long. */
  unattachedHours: 24,
  /** Uploads one order may receive in that time: a shopper cannot fill the bucket. */
  uploadsPerOrderPerDay: 30,
  /** A signed link to an evidence file opens it for this long. */
  evidenceLinkMinutes: 10,
  /** A part of a resumable video upload (R2 multipart): at least 5 MB but the last, at most 100 parts. */
  partMinBytes: 5 * MB,
  maxParts: 100,
} as const;

/** The file types evidence may have, known from the bytes, never the name. */
export const EVIDENCE_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/heic': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
} as const satisfies Record<string, EvidenceKind>;
export type EvidenceType = keyof typeof EVIDENCE_TYPES;

export const maxBytesOf = (kind: EvidenceKind) =>
  kind === 'image' ? RETURN_LIMITS.imageMaxBytes : RETURN_LIMITS.videoMaxBytes;

export const RETURN_MSG = {
  notReturnable: 'This order has no shipped parts that can be returned.',
  windowClosed: (days: number) =>
    `The return window has closed: parts can be returned within ${days} days of delivery.`,
  lineNotShipped: 'This part was not shipped on this order, so it cannot be returned.',
  tooMany: 'You cannot return more units than were shipped and not already returned.',
  nothingChosen: 'Choose at least one part to return.',
  reason: 'Please choose one of the return reasons.',
  text: 'Please describe the problem.',
  vehicle: 'Please enter your car (year, make and model) or its VIN.',
  files: (need: EvidenceNeed) => {
    const video = need.kinds.includes('video');
    if (need.minFiles > 1)
      return `Please add at least ${need.minFiles} photos${video ? ' or videos' : ''}: ${need.evidence}.`;
    return `Please add ${video ? 'a photo or a video' : 'at least one photo'}.`;
  },
  wrongKind: 'This reason needs photos: videos are accepted only when a part does not work.',
  tooManyFiles: `A return can carry at most ${RETURN_LIMITS.maxFiles} files.`,
  fileType: 'This file is not a JPEG, PNG, WebP or HEIC image, nor an MP4 or MOV video.',
  imageTooLarge: 'Images can be at most 10 MB each.',
  videoTooLarge: 'Videos can be at most 100 MB each.',
  emptyFile: 'The file is empty.',
  incomplete: 'The upload was interrupted or did not match its size. Please send the file again.',
  lengthRequired: 'The upload must say its size (Content-Length).',
  unknownUpload: 'One of the files was not uploaded for this order, or was already used. Please upload it again.',
  uploadOpen: 'This upload is not finished yet.',
  uploadLimit: 'Too many files were uploaded for this order today. Please try again tomorrow.',
  notFound: 'This return could not be found.',
  linkExpired: 'This link has expired or is not valid.',
  partOrder: 'Upload the first part first: it tells what kind of file this is.',
  partSize: 'Every part but the last must be at least 5 MB.',
  noParts: 'No part of this upload was received.',
  missingParts: 'Some parts of this upload are missing: send them, then complete it.',
  partSizes: (bytes: number) =>
    `Every part but the last must be the same size as the first (${bytes} bytes); only the last may be smaller.`,
  notAssembled: 'The parts of this upload could not be put together. Please send the file again.',
} as const;

/** The shopper's page of a return: a member's in their account, a guest's with their order token. */
export function returnPagePath(rma: string, guestToken: string | null): string {
  const path = `/order/returns/${encodeURIComponent(rma)}`;
  return guestToken === null ? path : `${path}?${new URLSearchParams({ orderToken: guestToken })}`;
}
