import type { UploadAnswer } from '../../shared/api/returns.ts';
import { API } from '../../shared/api-routes.ts';
import { STORAGE_KEY } from '../../shared/browser-keys.ts';
import { EVIDENCE_TYPES, type EvidenceKind, RETURN_LIMITS, RETURN_MSG, maxBytesOf } from '../../shared/returns.ts';
import { api } from '../api.ts';

/**
 * A return's evidence files on their way to the shop (issue 20): a first guess at the type from
 * the browser's word and the name (the server reads the bytes), the size limits, and the upload
 * itself with progress: whole through XMLHttpRequest (fetch reports no upload progress), or for a
 * large video in resumable parts that are retried and resumed after an interruption.
 */

/** Whose order the files are for: a member by their session, a guest by the order's token. */
export interface UploadTarget {
  orderId: string;
  orderToken: string | null;
}

/** A video above this goes up in parts; smaller files go whole. */
const WHOLE_MAX_BYTES = RETURN_LIMITS.imageMaxBytes;
const PART_TRIES = 3;

const EXTENSIONS: Record<string, EvidenceKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  heic: 'image',
  heif: 'image',
  mp4: 'video',
  mov: 'video',
};

/** The file's kind as the browser names it, else by its extension; null when it is neither. */
export function guessKind(file: { name: string; type: string }): EvidenceKind | null {
  const byType = (EVIDENCE_TYPES as Record<string, EvidenceKind>)[file.type.toLowerCase()];
  if (byType) return byType;
  return EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** What the file input accepts: the reason's kinds, by type and extension. */
export function acceptFor(kinds: readonly EvidenceKind[]): string {
  const types = Object.entries(EVIDENCE_TYPES).filter(([, kind]) => kinds.includes(kind));
  const extensions = Object.entries(EXTENSIONS).filter(([, kind]) => kinds.includes(kind));
  return [...types.map(([type]) => type), ...extensions.map(([ext]) => `.${ext}`)].join(',');
}

/** Why this file cannot be sent for a reason taking these kinds, in the shop's words; null when it can. */
export function fileProblem(file: File, kinds: readonly EvidenceKind[]): string | null {
  const kind = guessKind(file);
  if (!kind) return RETURN_MSG.fileType;
  if (!kinds.includes(kind)) return RETURN_MSG.wrongKind;
  if (file.size === 0) return RETURN_MSG.emptyFile;
  if (file.size > maxBytesOf(kind)) return kind === 'image' ? RETURN_MSG.imageTooLarge : RETURN_MSG.videoTooLarge;
  return null;
}

/** An upload under way: its answer, and a way to stop it (a removed file). */
export interface Upload {
  done: Promise<UploadAnswer>;
  abort: () => void;
}

/** A refusal as the API client rejects with: the server's message. */
const refused = (msg: string) => ({ msg, data: null });

function orderQuery(target: UploadTarget, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ orderId: target.orderId, ...extra });
  if (target.orderToken) query.set('orderToken', target.orderToken);
  return query.toString();
}

/** Sends bytes with progress and answers the envelope's data; a refusal rejects with its message. */
function send<T>(method: string, url: string, body: Blob, onProgress: (sent: number) => void, signal: AbortSignal) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream');
    const token = localStorage.getItem(STORAGE_KEY.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let answer: { success?: boolean; data?: T; msg?: string } | null = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (xhr.status < 300 && answer?.success) resolve(answer.data as T);
      else reject(refused(answer?.msg || RETURN_MSG.incomplete));
    };
    xhr.onerror = () => reject(refused(RETURN_MSG.incomplete));
    xhr.onabort = () => reject(refused('aborted'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The size of each part: at least 5 MB, and few enough parts for R2. */
export const partSizeFor = (size: number) =>
  Math.max(RETURN_LIMITS.partMinBytes, Math.ceil(size / RETURN_LIMITS.maxParts));

/** A large video in parts: each part tried up to three times, the parts already received skipped. */
async function sendInParts(
  target: UploadTarget,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadAnswer> {
  const owner = { orderId: target.orderId, orderToken: target.orderToken ?? undefined };
  const opened = await api.call(API.multipartOpen, { ...owner, name: file.name.slice(-RETURN_LIMITS.nameMaxLength) });
  const uploadId = opened.uploadId;
  signal.addEventListener('abort', () => void api.call(API.multipartAbort, { ...owner, uploadId }).catch(() => {}));
  const partSize = partSizeFor(file.size);
  const count = Math.ceil(file.size / partSize);
  const received = new Map(opened.parts.map((part) => [part.partNumber, part.size]));
  const doneBytes = () => [...received.values()].reduce((sum, size) => sum + size, 0);
  for (let partNumber = 1; partNumber <= count; partNumber++) {
    if (received.has(partNumber)) continue;
    const blob = file.slice((partNumber - 1) * partSize, partNumber * partSize, file.type);
    const url = `/return-evidence/multipart/${encodeURIComponent(uploadId)}/${partNumber}?${orderQuery(target)}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const report = (sent: number) => onProgress((doneBytes() + sent) / file.size);
        await send('PUT', url, blob, report, signal);
        received.set(partNumber, blob.size);
        break;
      } catch (error) {
        if (signal.aborted || attempt >= PART_TRIES) throw error;
        // After a failure, ask what arrived: the part may have been received before the connection broke.
        const state = await api.call(API.multipartParts, owner, { params: { uploadId } }).catch(() => null);
        for (const part of state?.parts ?? []) received.set(part.partNumber, part.size);
        if (received.has(partNumber)) break;
      }
    }
  }
  return api.call(API.multipartComplete, { ...owner, uploadId });
}

/** Starts sending a file now; `onProgress` hears the fraction sent (0 to 1). */
export function startUpload(target: UploadTarget, file: File, onProgress: (fraction: number) => void): Upload {
  const control = new AbortController();
  const whole = guessKind(file) === 'image' || file.size <= WHOLE_MAX_BYTES;
  const name = file.name.slice(-RETURN_LIMITS.nameMaxLength) || 'evidence';
  const done = whole
    ? send<UploadAnswer>(
        'POST',
        `/return-evidence?${orderQuery(target, { name })}`,
        file,
        (sent) => onProgress(sent / Math.max(1, file.size)),
        control.signal,
      )
    : sendInParts(target, file, onProgress, control.signal);
  const finished = done.then((answer) => {
    onProgress(1);
    return answer;
  });
  return { done: finished, abort: () => control.abort() };
}
