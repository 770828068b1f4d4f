import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { NAME_PATTERN, type EventName } from '../../../../../contract/names';
import type { Database, Queryable } from '../../../platform/db/database';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../../../platform/db/jobQueue';
import {
  claimPhotoToIndex,
  eventsLeftWaiting,
  markUnreadable,
  recordFaces,
  releasePhoto,
  secondsToClaimsExpiry,
  type ClaimedPhoto,
  type FacesFoundHook,
} from '../faceIndexRows';
import { PhotoFailed, UnreadablePhoto, type FaceEngine } from '../model/faceEngine';
import { mediaKey } from '../../media';
import type { ObjectStore } from '../../../platform/storage/objectStore';
import { runPeriodically } from '../../../platform/periodic';

/** The queue of face indexing: a job indexes the waiting photos of one event. */
export const FACE_INDEX = 'face-index';

/**
 * A job indexes at most this many photos (about a second each), then queues the next job of its
 * event if more wait: no job runs long enough to be taken for a dead one, and other events' jobs
 * get their turn between.
 */
export const FACE_INDEX_BATCH = 20;

/** Twenty photos are well under a minute on two cores; five minutes is a server gone. */
export const FACE_INDEX_SETTINGS: QueueSettings = { expireInSeconds: 300, retryLimit: 5, retryDelaySeconds: 10 };

/** What the face-index job and the sweep ask of the queue. */
export type FaceIndexQueue = Pick<JobQueue, 'enqueue' | 'nudge' | 'stopping'>;

/**
 * Queues the indexing of an event's waiting photos, in the caller's transaction; `startAfterSeconds`: not before then.
 */
export function enqueueFaceIndex(
  queue: Pick<JobQueue, 'enqueue'>,
  client: Queryable,
  eventName: EventName,
  startAfterSeconds?: number,
): Promise<void> {
  return queue.enqueue(client, FACE_INDEX, { event: eventName }, { startAfterSeconds });
}

const eventOf = (data: JobData): string | null =>
  typeof data.event === 'string' && NAME_PATTERN.test(data.event) ? data.event : null;

/**
 * Indexes the waiting photos of the job's event, one by one, with the face engine (its worker
 * thread: the server's requests go on meanwhile). A photo the model cannot read is left out for
 * good; any other failure gives the photo back and fails the run, to be tried again.
 */
export function faceIndexJob(
  db: Database,
  objects: ObjectStore,
  engine: FaceEngine,
  queue: FaceIndexQueue,
  onFacesFound?: FacesFoundHook,
): JobHandler {
  // This server's claims: those of another (maybe dead) are what a job waits out.
  const claimer = randomUUID();
  return async (data) => {
    const eventName = eventOf(data);
    if (eventName === null) return;
    for (let done = 0; done < FACE_INDEX_BATCH; done += 1) {
      // Closing, no photo is claimed that might not be answered. The queue stopping: the rest is
      // another job, for whichever server takes it. The engine closed under a running queue: the
      // run fails, and is tried again after its delay (not at once, over and over).
      if (queue.stopping()) return enqueueFaceIndex(queue, db, eventName);
      if (engine.closed) throw new Error('the face engine is closed');
      const photo = await claimPhotoToIndex(db, eventName, claimer);
      if (!photo) return comeBackForClaimsOfOthers(db, queue, eventName, claimer);
      await indexPhoto(db, objects, engine, photo, onFacesFound);
    }
    // More may wait: the event's next batch is another job.
    await enqueueFaceIndex(queue, db, eventName);
    queue.nudge(FACE_INDEX);
  };
}

/** Indexes one claimed photo: its faces kept, or it left out as unreadable, or given back (and the run failed). */
async function indexPhoto(
  db: Database,
  objects: ObjectStore,
  engine: FaceEngine,
  photo: ClaimedPhoto,
  onFacesFound?: FacesFoundHook,
): Promise<void> {
  let bytes: Buffer | null;
  try {
    const stored = await objects.get(mediaKey(photo.ref));
    bytes = stored ? await buffer(stored.body) : null;
  } catch (error) {
    await releasePhoto(db, photo, { photoMayBeAtFault: false });
    throw error;
  }
  if (!bytes) return markUnreadable(db, photo);
  try {
    await recordFaces(db, photo, await engine.findFaces(bytes), onFacesFound);
  } catch (error) {
    if (error instanceof UnreadablePhoto) return markUnreadable(db, photo);
    // A failure on this photo counts against it (it is left out after a few); one that is not its own does not.
    await releasePhoto(db, photo, { photoMayBeAtFault: error instanceof PhotoFailed });
    throw error;
  }
}

/**
 * Nothing left to claim, but photos of the event still claimed by another server: if that server
 * died, nothing would take them again, so a job of the event comes back once their claims expire.
 */
async function comeBackForClaimsOfOthers(
  db: Queryable,
  queue: FaceIndexQueue,
  eventName: EventName,
  claimer: string,
): Promise<void> {
  const seconds = await secondsToClaimsExpiry(db, eventName, claimer);
  if (seconds !== null) await enqueueFaceIndex(queue, db, eventName, seconds + 1);
}

/** How often a server looks for events whose photos wait with no job coming. */
const SWEEP_MS = 5 * 60_000;

/**
 * The last word on waiting photos: an event whose photos wait and nobody indexes them (its job's
 * every run failed, its server died between two batches) gets a job again. Also as the server
 * starts: a server that was killed left its own.
 */
export function scheduleFaceIndexSweep(
  app: FastifyInstance,
  db: Queryable,
  queue: FaceIndexQueue,
  every = SWEEP_MS,
): void {
  runPeriodically(
    app,
    'face index sweep',
    every,
    async () => {
      const events = await eventsLeftWaiting(db);
      for (const eventName of events) await enqueueFaceIndex(queue, db, eventName);
      if (events.length === 0) return;
      queue.nudge(FACE_INDEX);
      app.log.info({ events: events.length }, 'face index: photos waiting with no job, queued again');
    },
    { atStart: true },
  );
}
