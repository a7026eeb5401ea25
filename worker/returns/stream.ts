import { EVIDENCE_TYPES, RETURN_MSG, type EvidenceKind, type EvidenceType } from '../../shared/returns.ts';
import { ApiError } from '../platform/api-error.ts';
import { fileTypeOf, SNIFF_BYTES } from '../platform/file-type.ts';

/**
 * An upload's body as it arrives: its first bytes are read to learn its type, then the whole of
 * it streams on to R2 through a stream of the declared length, so a 100 MB video is never held in
 * memory and a body longer or shorter than it said fails the write.
 */
export interface SniffedBody {
  contentType: EvidenceType;
  kind: EvidenceKind;
  /** The body again, from its first byte, with exactly `length` bytes (R2 needs to know the length). */
  stream: ReadableStream<Uint8Array>;
  /** Settles when every byte has been passed on; rejects when the body did not match its length. */
  done: Promise<void>;
  /** Stops reading the body (when it is refused after sniffing). */
  cancel(): Promise<void>;
}

const payloadTooLarge = (message: string) => new ApiError(413, 413, message);
export const unsupportedType = () => new ApiError(415, 415, RETURN_MSG.fileType);

/** The declared length of a body: required, not empty, and at most `max` bytes. */
export function declaredLength(header: string | undefined, max: number, tooLarge: string): number {
  if (header === undefined || !/^\d{1,12}$/.test(header)) throw new ApiError(411, 411, RETURN_MSG.lengthRequired);
  const length = Number(header);
  if (length === 0) throw ApiError.badRequest(RETURN_MSG.emptyFile);
  if (length > max) throw payloadTooLarge(tooLarge);
  return length;
}

/** Reads the first bytes of a body and learns its type; a body that is no evidence type is refused (415). */
export async function sniffBody(body: ReadableStream<Uint8Array> | null, length: number): Promise<SniffedBody> {
  if (!body) throw ApiError.badRequest(RETURN_MSG.emptyFile);
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let seen = 0;
  while (seen < Math.min(SNIFF_BYTES, length)) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    seen += value.byteLength;
  }
  const joined = new Uint8Array(seen);
  let offset = 0;
  for (const chunk of head) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const contentType: EvidenceType | null = fileTypeOf(joined);
  if (!contentType) {
    await reader.cancel();
    throw unsupportedType();
  }
  const { readable, writable } = new FixedLengthStream(length);
  const writer = writable.getWriter();
  const done = (async () => {
    for (const chunk of head) await writer.write(chunk);
    for (;;) {
      const { done: finished, value } = await reader.read();
      if (finished) break;
      await writer.write(value);
    }
    await writer.close();
  })();
  // The writer's failure reaches the caller through `done`; the sink sees its stream error too.
  done.catch(() => writer.abort().catch(() => undefined));
  return {
    contentType,
    kind: EVIDENCE_TYPES[contentType],
    stream: readable,
    done,
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/** Refuses a sniffed body past the limit of its kind (413) before anything is stored. */
export async function withinKindLimit(body: SniffedBody, bytes: number, max: number): Promise<void> {
  if (bytes <= max) return;
  await body.cancel();
  throw payloadTooLarge(body.kind === 'image' ? RETURN_MSG.imageTooLarge : RETURN_MSG.videoTooLarge);
}

/** Passes the body to a sink (an R2 write); answers the sink's result, or throws when either side failed. */
export async function pipeTo<T>(body: SniffedBody, sink: (stream: ReadableStream<Uint8Array>) => Promise<T>) {
  const [result] = await Promise.all([sink(body.stream), body.done]);
  return result;
}
