/** Returns (§1 Order returns, §3 Return reasons and required evidence): the words and limits, written once. */
import { CORE_RETURN_REASON } from './core-charges.ts';
import * as m from './i18n/generated/messages.js';

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
  /** Issue 40: the old part of a core deposit line coming back for its deposit; the shop inspects it on arrival. */
  [CORE_RETURN_REASON]: { evidence: 'none', kinds: ['image'], minFiles: 0, text: false, vehicle: false },
} as const satisfies Record<string, EvidenceNeed>;

export type ReturnReason = keyof typeof RETURN_REASONS;
/** The reasons the return form offers: the eight of §3 (a core return starts from its deposit line). */
export const RETURN_REASON_LIST = (Object.keys(RETURN_REASONS) as ReturnReason[]).filter(
  (reason) => reason !== CORE_RETURN_REASON,
);

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

/** A reason's words in the language spoken (the reason itself, its key, stays the spec's English). */
const REASON_WORDS: Record<ReturnReason, () => string> = {
  'Part no longer needed': m.return_reason_no_longer_needed,
  "Part doesn't fit": m.return_reason_doesnt_fit,
  "Part doesn't work": m.return_reason_doesnt_work,
  'Part was damaged': m.return_reason_damaged,
  'Received wrong part': m.return_reason_wrong_part,
  'Inaccurate part description': m.return_reason_inaccurate,
  'Part missing from order': m.return_reason_missing,
  Other: m.return_reason_other,
  [CORE_RETURN_REASON]: m.return_reason_core,
};
export const reasonWords = (reason: string): string => REASON_WORDS[reason as ReturnReason]?.() ?? reason;

/** The §3 evidence column in the language spoken. */
const EVIDENCE_WORDS: Record<string, () => string> = {
  photos: m.return_evidence_photos,
  'car info or VIN text, plus photos': m.return_evidence_car,
  'text, plus photos or video': m.return_evidence_text_video,
  'photos of part, package, label': m.return_evidence_part_package,
  'text, plus photos of SKU and part': m.return_evidence_sku,
  'text, plus photos': m.return_evidence_text_photos,
  'photos of package, parts, label': m.return_evidence_package_parts,
};
export const evidenceWords = (evidence: string): string => EVIDENCE_WORDS[evidence]?.() ?? evidence;

/** The returns' messages in the language spoken: English as written here before, French from its catalogue. */
export const RETURN_MSG = {
  get notReturnable() {
    return m.return_msg_not_returnable();
  },
  windowClosed: (days: number) => m.return_msg_window_closed({ days }),
  get lineNotShipped() {
    return m.return_msg_line_not_shipped();
  },
  get tooMany() {
    return m.return_msg_too_many();
  },
  get nothingChosen() {
    return m.return_msg_nothing_chosen();
  },
  get reason() {
    return m.return_msg_reason();
  },
  get coreOnly() {
    return m.return_msg_core_only();
  },
  get coreReason() {
    return m.return_msg_core_reason();
  },
  get text() {
    return m.return_msg_text();
  },
  get vehicle() {
    return m.return_msg_vehicle();
  },
  files: (need: EvidenceNeed) => {
    const video = need.kinds.includes('video');
    const evidence = evidenceWords(need.evidence);
    if (need.minFiles > 1)
      return video
        ? m.return_msg_files_many_video({ count: need.minFiles, evidence })
        : m.return_msg_files_many({ count: need.minFiles, evidence });
    return video ? m.return_msg_files_video() : m.return_msg_files_one();
  },
  get wrongKind() {
    return m.return_msg_wrong_kind();
  },
  get tooManyFiles() {
    return m.return_msg_too_many_files({ count: RETURN_LIMITS.maxFiles });
  },
  get fileType() {
    return m.return_msg_file_type();
  },
  get imageTooLarge() {
    return m.return_msg_image_too_large();
  },
  get videoTooLarge() {
    return m.return_msg_video_too_large();
  },
  get emptyFile() {
    return m.return_msg_empty_file();
  },
  get incomplete() {
    return m.return_msg_incomplete();
  },
  get lengthRequired() {
    return m.return_msg_length_required();
  },
  get unknownUpload() {
    return m.return_msg_unknown_upload();
  },
  get uploadOpen() {
    return m.return_msg_upload_open();
  },
  get uploadLimit() {
    return m.return_msg_upload_limit();
  },
  get notFound() {
    return m.return_msg_not_found();
  },
  get linkExpired() {
    return m.return_msg_link_expired();
  },
  get partOrder() {
    return m.return_msg_part_order();
  },
  get partSize() {
    return m.return_msg_part_size();
  },
  get noParts() {
    return m.return_msg_no_parts();
  },
  get missingParts() {
    return m.return_msg_missing_parts();
  },
  partSizes: (bytes: number) => m.return_msg_part_sizes({ bytes }),
  get notAssembled() {
    return m.return_msg_not_assembled();
  },
};

/** The shopper's page of a return: a member's in their account, a guest's with their order token. */
export function returnPagePath(rma: string, guestToken: string | null): string {
  const path = `/order/returns/${encodeURIComponent(rma)}`;
  return guestToken === null ? path : `${path}?${new URLSearchParams({ orderToken: guestToken })}`;
}

/** The reason a return's refund is recorded with on the order ("Return RMA-..."), as staff read it. */
export const returnRefundReason = (rma: string): string => `Return ${rma}`;

/** A refund reason in the language spoken: a return's refund names its return ("Retour RMA-..." in French). */
export function refundReasonWords(reason: string): string {
  const rma = /^Return (\S+)$/.exec(reason)?.[1];
  return rma ? m.refund_reason_return({ rma }) : reason;
}
