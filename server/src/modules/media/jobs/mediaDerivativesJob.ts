import { isValidFileName, type MediaRef } from '../../../../../contract/mediaPath';
import { MEDIA_MODES, type MediaMode } from '../../../../../contract/modes';
import { NAME_PATTERN } from '../../../../../contract/names';
import type { Queryable } from '../../../platform/db/database';
import { listWithoutTile, recordDerivatives } from '../mediaTiles';
import type { MediaStorage } from '../storage/mediaStorage';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../../../platform/db/jobQueue';

/** The queue of an upload's thumbnail, display rendition or video poster. */
export const MEDIA_DERIVATIVES = 'media-derivatives';
/**
 * Where a derivation goes when it has failed its every run (a decode that always times out, a
 * server killed each time): the item joins its galleries without the job's tile.
 */
export const MEDIA_DERIVATIVES_GIVEN_UP = 'media-derivatives-given-up';

/**
 * A derivation decodes one photo (at most the decode timeout, twice) or seeks one frame of a
 * video: two minutes is a server gone, not a slow one. A decode that timed out is tried again
 * after 5, 10, 20... seconds.
 */
export const MEDIA_DERIVATIVES_SETTINGS: QueueSettings = {
  expireInSeconds: 120,
  retryLimit: 5,
  retryDelaySeconds: 5,
  deadLetter: MEDIA_DERIVATIVES_GIVEN_UP,
};
/**
 * The queue's own settings; a job pg-boss passes here as a dead letter keeps the retry limit of
 * the derivation it was (its data is all that matters: listing an item is one small statement).
 */
export const MEDIA_DERIVATIVES_GIVEN_UP_SETTINGS: QueueSettings = {
  expireInSeconds: 60,
  retryLimit: 10,
  retryDelaySeconds: 5,
};

/** A job's data read back: the file it names, or null for anything a job of ours never holds. */
function refOf(data: JobData): MediaRef | null {
  const { bname: eventName, mode, file } = data;
  if (typeof eventName !== 'string' || typeof mode !== 'string' || typeof file !== 'string') return null;
  if (!NAME_PATTERN.test(eventName) || !(MEDIA_MODES as readonly string[]).includes(mode) || !isValidFileName(file))
    return null;
  return { eventName, mode: mode as MediaMode, file };
}

/** Queues the derivatives of a file in the transaction that indexes it. */
export function enqueueDerivatives(queue: JobQueue, client: Queryable, ref: MediaRef): Promise<void> {
  return queue.enqueue(client, MEDIA_DERIVATIVES, { bname: ref.eventName, mode: ref.mode, file: ref.file });
}

/**
 * Makes what the file lacks (nothing when a request made it first) and records it on its row:
 * the item joins its galleries with its tile made, and they learn of a video's poster. A decode
 * that ran out of time fails the run, and the queue tries again later; a file that will never
 * decode is listed as it is, without a tile picture.
 */
export function mediaDerivativesJob(db: Queryable, storage: MediaStorage, log: (message: string) => void): JobHandler {
  return async (data) => {
    const ref = refOf(data);
    if (!ref) return;
    // The item joins its galleries with its tile, not after the collect page's rendition too.
    const made = await storage.derive(ref, (tile) => recordDerivatives(db, ref, tile));
    if (made.outcome === 'later')
      throw new Error(`derivatives of ${ref.eventName}/${ref.mode}/${ref.file}: not now, again later`);
    if (made.outcome === 'refused')
      log(`derivatives of ${ref.eventName}/${ref.mode}/${ref.file}: the original does not decode`);
    // Listed whatever became of it: with its tile (recorded as it was made, above), or without
    // one when the original never decodes or is gone.
    if (made.outcome !== 'made') await listWithoutTile(db, ref);
  };
}

/** A derivation given up (MEDIA_DERIVATIVES_GIVEN_UP): its item is listed all the same. */
export function mediaDerivativesGivenUpJob(db: Queryable, log: (message: string) => void): JobHandler {
  return async (data) => {
    const ref = refOf(data);
    if (!ref) return;
    log(`derivatives of ${ref.eventName}/${ref.mode}/${ref.file}: given up, listed without its tile`);
    await listWithoutTile(db, ref);
  };
}

/** The derivations' queues for `startJobQueue`, with their handlers: the dead letter first, the queue names it. */
export function mediaDerivativeQueues(
  db: Queryable,
  storage: MediaStorage,
  log: (message: string) => void,
): Record<string, { settings: QueueSettings; handler: JobHandler }> {
  return {
    [MEDIA_DERIVATIVES_GIVEN_UP]: {
      settings: MEDIA_DERIVATIVES_GIVEN_UP_SETTINGS,
      handler: mediaDerivativesGivenUpJob(db, log),
    },
    [MEDIA_DERIVATIVES]: { settings: MEDIA_DERIVATIVES_SETTINGS, handler: mediaDerivativesJob(db, storage, log) },
  };
}
