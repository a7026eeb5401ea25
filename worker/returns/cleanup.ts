import { RETURN_LIMITS } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { uploadRepository } from './upload-repository.ts';

const HOUR = 3_600_000;

/**
 * For the cron: evidence never attached to a return within a day is deleted from R2 (and a
 * resumable upload still open is aborted), so an abandoned or interrupted upload leaves nothing
 * behind. The row goes first and only while no return uses it, so a return made meanwhile keeps
 * its file. Answers how many uploads were removed; call it until it answers less than `batch`.
 */
export async function cleanUpReturnUploads(
  env: Pick<Bindings, 'DB' | 'MEDIA'>,
  now: number,
  batch = 100,
): Promise<number> {
  const uploads = uploadRepository(env.DB);
  const stale = await uploads.unattachedBefore(now - RETURN_LIMITS.unattachedHours * HOUR, batch);
  let removed = 0;
  for (const upload of stale) {
    if (!(await uploads.forgetUnattached(upload.id))) continue;
    if (upload.multipartId) {
      await env.MEDIA.resumeMultipartUpload(upload.objectKey, upload.multipartId)
        .abort()
        .catch(() => undefined);
    }
    await env.MEDIA.delete(upload.objectKey);
    removed++;
  }
  return removed;
}
