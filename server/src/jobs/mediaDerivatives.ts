import { isValidFileName, type MediaRef } from '../../../contract/mediaPath';
import { MEDIA_MODES, type MediaMode } from '../../../contract/modes';
import { NAME_PATTERN } from '../../../contract/names';
import type { Queryable } from '../db/database';
import { recordDerivatives } from '../domain/media';
import type { MediaStorage } from '../storage/mediaStorage';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../db/jobQueue';

/** The queue of an upload's thumbnail, display rendition or video poster. */
export const MEDIA_DERIVATIVES = 'media-derivatives';

/**
 * A derivation decodes one photo (at most the decode timeout, twice) or seeks one frame of a
 * video: two minutes is a server gone, not a slow one. A decode that timed out is tried again
 * after 5, 10, 20... seconds.
 */
export const MEDIA_DERIVATIVES_SETTINGS: QueueSettings = { expireInSeconds: 120, retryLimit: 5, retryDelaySeconds: 5 };

/** A job's data read back: the file it names, or null for anything a job of ours never holds. */
function refOf(data: JobData): MediaRef | null {
  const { bname, mode, file } = data;
  if (typeof bname !== 'string' || typeof mode !== 'string' || typeof file !== 'string') return null;
  if (!NAME_PATTERN.test(bname) || !(MEDIA_MODES as readonly string[]).includes(mode) || !isValidFileName(file)) return null;
  return { bname, mode: mode as MediaMode, file };
}

/** Queues the derivatives of a file in the transaction that indexes it. */
export function enqueueDerivatives(queue: JobQueue, client: Queryable, ref: MediaRef): Promise<void> {
  return queue.enqueue(client, MEDIA_DERIVATIVES, { bname: ref.bname, mode: ref.mode, file: ref.file });
}

/**
 * Makes what the file lacks (nothing when a request made it first) and records it on its row, so
 * that galleries learn of the poster. A decode that ran out of time fails the run, and the queue
 * tries again later; a file that will never decode is left as it is, without a tile picture.
 */
export function mediaDerivativesJob(db: Queryable, storage: MediaStorage, log: (message: string) => void): JobHandler {
  return async (data) => {
    const ref = refOf(data);
    if (!ref) return;
    const made = await storage.derive(ref);
    if (made.outcome === 'later') throw new Error(`derivatives of ${ref.bname}/${ref.mode}/${ref.file}: not now, again later`);
    if (made.outcome === 'refused') log(`derivatives of ${ref.bname}/${ref.mode}/${ref.file}: the original does not decode`);
    if (made.outcome === 'made') await recordDerivatives(db, ref, made);
  };
}
