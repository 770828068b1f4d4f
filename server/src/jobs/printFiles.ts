import { buffer } from 'node:stream/consumers';
import { mediaUrl } from '../../../contract/mediaPath';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../db/jobQueue';
import type { Queryable } from '../db/database';
import { markPrintFileMade, printFileSource } from '../domain/printJobs';
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
 * job or its photo is gone. Made again if asked again: the same bytes, written whole.
 */
export async function makePrintFile(db: Queryable, objects: ObjectStore, site: string, jobId: number): Promise<Buffer | null> {
  const source = await printFileSource(db, jobId);
  if (!source) return null;
  const stored = await objects.get(mediaKey(source.ref));
  if (!stored) return null;
  const file = await renderPrintFile({
    photo: await buffer(stored.body),
    collectLink: `${site}${withQuery(ROUTES.collect, { id: mediaUrl(source.ref) })}`,
    title: source.title,
    paper: source.paper,
  });
  await objects.put(printFileKey(jobId), file, { contentType: 'image/jpeg', private: true });
  // Printed (or failed) while it was being made: a copy of a guest's photo nobody will print goes at once.
  if (!(await markPrintFileMade(db, jobId))) await objects.remove(printFileKey(jobId));
  return file;
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
