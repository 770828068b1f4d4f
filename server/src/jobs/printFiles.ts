import { buffer } from 'node:stream/consumers';
import { mediaUrl } from '../../../contract/mediaPath';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../db/jobQueue';
import type { Queryable } from '../db/database';
import { failPrintJob, markPrintFileMade, printFileSource } from '../domain/printJobs';
import { mediaKey } from '../storage/mediaStorage';
import type { ObjectStore } from '../storage/objectStore';
import { printFileKey, renderPrintFile } from '../storage/printFile';

/** The queue of print files: one a print asked for (issue 27). */
export const PRINT_FILES = 'print-files';
/** A layout is one decode and one encode (well under a second): two minutes is a server gone. */
export const PRINT_FILES_SETTINGS: QueueSettings = { expireInSeconds: 120, retryLimit: 5, retryDelaySeconds: 5 };

/** Queues the print file of a job in the transaction that creates the job. */
export function enqueuePrintFile(queue: JobQueue, client: Queryable, jobId: number): Promise<void> {
  // bigserial ids come back from the driver as strings: the job's data holds a number.
  return queue.enqueue(client, PRINT_FILES, { job: Number(jobId) });
}

/**
 * Makes and keeps a job's print file: the photo laid out for its event's paper, with the event's
 * title and the QR code of the photo's collect link on `site` (the site's origin). Null when the
 * job is done or its photo gone; and when its photo cannot be laid out (its bytes missing from
 * storage, or no image), the job fails at once and its copy goes back to the guest's pack: it
 * would never print, and no printer should wait for it. Made again if asked again: the same
 * bytes, written whole. A storage that does not answer throws: the caller tries again.
 */
export async function makePrintFile(db: Queryable, objects: ObjectStore, site: string, jobId: number): Promise<Buffer | null> {
  const source = await printFileSource(db, jobId);
  if (!source) return null;
  const stored = await objects.get(mediaKey(source.ref));
  if (!stored) return unprintable(db, jobId);
  const photo = await buffer(stored.body);
  let file: Buffer;
  try {
    file = await renderPrintFile({
      photo,
      collectLink: `${site}${withQuery(ROUTES.collect, { id: mediaUrl(source.ref) })}`,
      title: source.title,
      paper: source.paper,
    });
  } catch {
    // The stored bytes are no image the layout can read: trying again reads the same bytes.
    return unprintable(db, jobId);
  }
  await objects.put(printFileKey(jobId), file, { contentType: 'image/jpeg', private: true });
  // Printed (or failed) while it was being made: a copy of a guest's photo nobody will print goes at once.
  if (!(await markPrintFileMade(db, jobId))) await objects.remove(printFileKey(jobId));
  return file;
}

async function unprintable(db: Queryable, jobId: number): Promise<null> {
  await failPrintJob(db, jobId, null);
  return null;
}

const jobIdOf = (data: JobData): number | null => {
  const id = Number(data.job);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The print file's job: made ahead, so the printer finds it waiting. */
export function printFilesJob(db: Queryable, objects: ObjectStore, site: string): JobHandler {
  return async (data) => {
    const jobId = jobIdOf(data);
    if (jobId !== null) await makePrintFile(db, objects, site, jobId);
  };
}
