import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { mediaUrl } from '../../../../../contract/mediaPath';
import { ROUTES, withQuery } from '../../../../../contract/routePaths';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../../../platform/db/jobQueue';
import type { Queryable } from '../../../platform/db/database';
import type { DeviceRow } from '../../booths';
import { failPrintJob, markPrintFileMade, printFileSource } from '../printJobs';
import { mediaKey } from '../../media';
import type { ObjectStore } from '../../../platform/storage/objectStore';
import { printFileKey, renderPrintFile } from '../storage/printFile';

/** The queue of print files: one a print asked for. */
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
 * would never print. `printer`: the printer that took the job and asks for its file (a job a
 * printer took is failed only on its request). Made again if asked again: the same bytes, written
 * whole. A store that does not answer, or a layout that fails on an image that decodes, throws:
 * the caller tries again.
 */
export async function makePrintFile(
  db: Queryable,
  objects: ObjectStore,
  site: string,
  jobId: number,
  printer: DeviceRow | null = null,
): Promise<Buffer | null> {
  const source = await printFileSource(db, jobId, printer);
  if (!source) return null;
  const stored = await objects.get(mediaKey(source.ref));
  if (!stored) return unprintable(db, jobId, printer);
  const photo = await buffer(stored.body);
  let file: Buffer;
  try {
    file = await renderPrintFile({
      photo,
      collectLink: `${site}${withQuery(ROUTES.collect, { id: mediaUrl(source.ref) })}`,
      title: source.title,
      paper: source.paper,
    });
  } catch (error) {
    // Bytes that are no image will never lay out; anything else (memory, a worker stopped) may next time.
    if (await decodes(photo)) throw error;
    return unprintable(db, jobId, printer);
  }
  await objects.put(printFileKey(jobId), file, { contentType: 'image/jpeg', private: true });
  // Printed or failed while it was being made, or the paper changed (its new file is queued):
  // a copy of a guest's photo nobody will print goes at once.
  if (!(await markPrintFileMade(db, jobId, source.paper))) await objects.remove(printFileKey(jobId));
  return file;
}

/** Whether the bytes decode as an image, whole. */
async function decodes(photo: Buffer): Promise<boolean> {
  try {
    await sharp(photo, { failOn: 'error' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

async function unprintable(db: Queryable, jobId: number, printer: DeviceRow | null): Promise<null> {
  await failPrintJob(db, jobId, printer);
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
    if (jobId === null) return;
    // Made already (the printer asked first and had it made, or a run before this one did): nothing to do.
    const source = await printFileSource(db, jobId);
    if (source && !source.made) await makePrintFile(db, objects, site, jobId);
  };
}
