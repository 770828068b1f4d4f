import { buffer } from 'node:stream/consumers';
import { NAME_PATTERN } from '../../../contract/names';
import type { Database, Queryable } from '../db/database';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../db/jobQueue';
import { claimPhotoToIndex, markUnreadable, recordFaces, releasePhoto } from '../domain/faceIndex';
import { UnreadablePhoto, type FaceEngine } from '../faces/faceEngine';
import { mediaKey } from '../storage/mediaStorage';
import type { ObjectStore } from '../storage/objectStore';

/** The queue of face indexing (issue 28): a job indexes the waiting photos of one event. */
export const FACE_INDEX = 'face-index';

/**
 * A job indexes at most this many photos (about a second each), then queues the next job of its
 * event if more wait: no job runs long enough to be taken for a dead one, and other events' jobs
 * get their turn between.
 */
export const FACE_INDEX_BATCH = 20;

/** Twenty photos are well under a minute on two cores; five minutes is a server gone. */
export const FACE_INDEX_SETTINGS: QueueSettings = { expireInSeconds: 300, retryLimit: 5, retryDelaySeconds: 10 };

/** Queues the indexing of an event's waiting photos, in the caller's transaction. */
export function enqueueFaceIndex(queue: JobQueue, client: Queryable, bname: string): Promise<void> {
  return queue.enqueue(client, FACE_INDEX, { event: bname });
}

const eventOf = (data: JobData): string | null => (typeof data.event === 'string' && NAME_PATTERN.test(data.event) ? data.event : null);

/**
 * Indexes the waiting photos of the job's event, one by one, with the face engine (its worker
 * thread: the server's requests go on meanwhile). A photo the model cannot read is left out for
 * good; a store that does not answer gives the photo back and fails the run, to be tried again.
 */
export function faceIndexJob(db: Database, objects: ObjectStore, engine: FaceEngine, queue: JobQueue): JobHandler {
  return async (data) => {
    const bname = eventOf(data);
    if (bname === null) return;
    for (let done = 0; done < FACE_INDEX_BATCH; done += 1) {
      const photo = await claimPhotoToIndex(db, bname);
      if (!photo) return;
      let bytes: Buffer | null;
      try {
        const stored = await objects.get(mediaKey(photo.ref));
        bytes = stored ? await buffer(stored.body) : null;
      } catch (error) {
        await releasePhoto(db, photo);
        throw error;
      }
      if (!bytes) {
        await markUnreadable(db, photo);
        continue;
      }
      try {
        await recordFaces(db, photo, await engine.findFaces(bytes));
      } catch (error) {
        if (!(error instanceof UnreadablePhoto)) {
          await releasePhoto(db, photo);
          throw error;
        }
        await markUnreadable(db, photo);
      }
    }
    // More may wait: the event's next batch is another job.
    await enqueueFaceIndex(queue, db, bname);
    queue.nudge(FACE_INDEX);
  };
}
