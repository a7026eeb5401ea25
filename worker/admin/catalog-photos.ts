/**
 * A product photo uploaded in the catalog editor (issue 22): checked from its bytes (JPEG, PNG or
 * WebP, the types every browser shows), at most 5 MB, stored in R2 under catalog/<item>/ and served
 * publicly by /media/, then added to the product's images with the editor's version check. A photo
 * the product refuses (too many images, a stale form) is removed from R2 again.
 */
import { type AuditedChange, CATALOG_EDIT_MSG, editImages } from '../catalog/staff.ts';
import { imageTypeOf } from '../platform/file-type.ts';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export async function uploadProductPhoto(
  deps: { db: D1Database; media: R2Bucket },
  itemId: number,
  file: unknown,
  version: number,
  audit: AuditedChange,
) {
  if (!(file instanceof File) || file.size === 0)
    return { ok: false as const, problem: 'invalid' as const, errors: { image: CATALOG_EDIT_MSG.photoType } };
  if (file.size > PHOTO_MAX_BYTES)
    return { ok: false as const, problem: 'invalid' as const, errors: { image: CATALOG_EDIT_MSG.photoSize } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes);
  const extension = type ? EXTENSION[type] : undefined;
  if (!type || !extension)
    return { ok: false as const, problem: 'invalid' as const, errors: { image: CATALOG_EDIT_MSG.photoType } };
  const key = `catalog/${itemId}/${crypto.randomUUID()}.${extension}`;
  await deps.media.put(key, bytes, { httpMetadata: { contentType: type, cacheControl: 'public, max-age=31536000' } });
  const result = await editImages(deps.db, itemId, { add: `/media/${key}` }, version, audit);
  if (!result.ok) await deps.media.delete(key);
  return result;
}
