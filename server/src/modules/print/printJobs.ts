import { mediaUrl, type MediaRef } from '../../../../contract/mediaPath';
import type { PrintPaper } from '../../../../contract/printPaper';
import type { MediaMode } from '../../../../contract/modes';
import type { Database, Queryable } from '../../platform/db/database';
import type { PrinterSeen, PrintJob, PrintJobStatus } from '../../../../contract/wire';
import { DEVICE_PATHS } from '../../../../contract/devicePaths';
import type { ObjectStore } from '../../platform/storage/objectStore';
import { printFileKey } from './storage/printFile';
import type { DeviceRow } from '../booths';
import { notFound } from '../../platform/errors';
import { eventPrinterState, printerStateOf } from './printers';
import type { EventName } from '../../../../contract/names';

interface PrintJobRow {
  id: number;
  pack_hash: string;
  event_name: string;
  mode: MediaMode;
  file: string;
}

/**
 * A printer takes up to 10 queued jobs of its event, oldest first. Jobs claimed by a printer
 * that died more than 10 minutes ago go back to the queue; two printers never take one job.
 */
export async function takePrintJobs(db: Queryable, printer: DeviceRow): Promise<PrintJob[]> {
  const { rows } = await db.query<PrintJobRow>(
    `WITH next AS (
       SELECT j.id FROM print_jobs j JOIN media m ON m.id = j.media_id
        WHERE (j.status = 'queued' OR (j.status = 'printing' AND j.claimed_at < now() - interval '10 minutes'))
          AND ($2::text IS NULL OR m.event_name = $2)
        ORDER BY j.id LIMIT 10 FOR UPDATE OF j SKIP LOCKED)
     UPDATE print_jobs j SET status = 'printing', printer_id = $1, claimed_at = now()
       FROM next, media m WHERE j.id = next.id AND m.id = j.media_id
     RETURNING j.id, j.pack_hash, m.event_name, m.mode, m.file`,
    [printer.id, printer.event_name],
  );
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      packHash: row.pack_hash,
      url: mediaUrl({ eventName: row.event_name, mode: row.mode, file: row.file }),
      file: DEVICE_PATHS.printJobFile(row.id),
    }));
}

/** The printer that took a job says it is printed. */
export async function markJobPrinted(db: Queryable, printer: DeviceRow, jobId: number): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE print_jobs SET status = 'printed', printed_at = now() WHERE id = $1 AND printer_id = $2 AND status ` +
      `= 'printing'`,
    [jobId, printer.id],
  );
  if (!rowCount) throw notFound('job_not_found', 'Trabalho de impressão não encontrado.');
}

/**
 * A job that will not print fails, and its copy goes back to its pack, in one statement, once: a
 * second call finds no job to fail and changes nothing (null). With `printer`, only the job that
 * printer took and is printing (its report of a jam, or its file it cannot be given); without,
 * only a job still in the queue (a job a printer took is that printer's to fail). Answers the
 * copies the pack has now.
 */
export async function failPrintJob(db: Queryable, jobId: number, printer: DeviceRow | null): Promise<number | null> {
  const { rows } = await db.query<{ copies: number }>(
    `WITH failed AS (
       UPDATE print_jobs SET status = 'failed', failed_at = now()
        WHERE id = $1 AND CASE WHEN $2::text IS NULL THEN status = 'queued' ELSE printer_id = $2 AND status =
          'printing' END
       RETURNING pack_hash)
     UPDATE packs p SET copies = p.copies + 1 FROM failed WHERE p.hash = failed.pack_hash RETURNING p.copies`,
    [jobId, printer?.id ?? null],
  );
  return rows[0]?.copies ?? null;
}

/**
 * Fails the jobs still in the queue of a photo its event's owner hid (docs/product.md#moderation) and gives each its
 * copy back, in one statement: a hidden photo is not printed. A job a printer already took is the printer's (it has
 * the photo), as for an erased photo. Answers how many jobs failed.
 */
export async function failQueuedJobsOf(db: Queryable, mediaId: number): Promise<number> {
  const { rows } = await db.query<{ failed: number }>(
    `WITH failed AS (
       UPDATE print_jobs SET status = 'failed', failed_at = now() WHERE media_id = $1 AND status = 'queued'
       RETURNING pack_hash),
     given AS (
       UPDATE packs p SET copies = p.copies + n.jobs
         FROM (SELECT pack_hash, count(*)::int AS jobs FROM failed GROUP BY pack_hash) n
        WHERE p.hash = n.pack_hash)
     SELECT count(*)::int AS failed FROM failed`,
    [mediaId],
  );
  return rows[0].failed;
}

/** The printer that took a job says it did not print (a jam, the paper out mid-print): see failPrintJob. */
export async function printerFailedJob(db: Queryable, printer: DeviceRow, jobId: number): Promise<number> {
  const copies = await failPrintJob(db, jobId, printer);
  if (copies === null) throw notFound('job_not_found', 'Trabalho de impressão não encontrado.');
  return copies;
}

/**
 * Fails every job not yet printed whose photo is gone (an erasure or the retention sweep deleted
 * it: `media_id` set null) and gives each its copy back, in one statement: a job leaves 'queued'
 * once, so a copy is never given back twice. A job a printer took is its own (it has the photo and
 * may print it) until the printer has been quiet for 10 minutes, as takePrintJobs says; a later
 * sweep fails it then. Answers how many jobs failed.
 */
export async function failJobsWithoutMedia(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ failed: number }>(
    `WITH failed AS (
       UPDATE print_jobs SET status = 'failed', failed_at = now()
        WHERE media_id IS NULL
          AND (status = 'queued' OR (status = 'printing' AND claimed_at < now() - interval '10 minutes'))
       RETURNING pack_hash),
     given AS (
       UPDATE packs p SET copies = p.copies + n.jobs
         FROM (SELECT pack_hash, count(*)::int AS jobs FROM failed GROUP BY pack_hash) n
        WHERE p.hash = n.pack_hash)
     SELECT count(*)::int AS failed FROM failed`,
  );
  return rows[0].failed;
}

/** How a print request stands: its job, its pack's copies left, and while it waits, why and behind how many. */
export interface PrintRequestStatus {
  status: PrintJobStatus;
  copies: number;
  printer?: PrinterSeen;
  ahead?: number;
}

/**
 * Where the job of one print request stands, and the copies its pack has left. Only who made
 * the request knows both its id and its pack hash: any other pair is the same not-found, so the
 * answer says nothing of which part was wrong.
 */
export async function printRequestStatus(
  db: Queryable,
  packHash: string,
  requestId: string,
): Promise<PrintRequestStatus> {
  const { rows } = await db.query<{
    status: PrintJobStatus;
    copies: number;
    event_name: string | null;
    printer_id: string | null;
    ahead: number;
  }>(
    `SELECT j.status, p.copies, m.event_name, j.printer_id,
            CASE WHEN j.status = 'queued' THEN
              (SELECT count(*)::int FROM print_jobs o JOIN media om ON om.id = o.media_id
                WHERE om.event_name = m.event_name AND (o.status = 'printing' OR (o.status = 'queued' AND o.id < j.id)))
            ELSE 0 END AS ahead
       FROM print_requests r
       JOIN print_jobs j ON j.id = r.job_id
       JOIN packs p ON p.hash = r.pack_hash
       LEFT JOIN media m ON m.id = j.media_id
      WHERE r.request_id = $1 AND r.pack_hash = $2`,
    [requestId, packHash],
  );
  if (rows.length === 0) throw notFound('print_request_not_found', 'Pedido de impressão não encontrado.');
  const { status, copies, event_name, printer_id, ahead } = rows[0];
  // Waiting for a printer that is down, the guest is told why (out of paper, no connection...):
  // in the queue, the event's printers; taken, the printer that took it (gone quiet mid-batch,
  // its jobs come back to the queue after 10 minutes).
  const printer =
    status === 'queued' && event_name
      ? await eventPrinterState(db, event_name)
      : status === 'printing' && printer_id
        ? await printerStateOf(db, printer_id)
        : null;
  return { status, copies, ...(printer && printer !== 'ready' && { printer }), ...(ahead > 0 && { ahead }) };
}

/** What a job's print file is made of: its photo, its event's title and paper; and whether it is made. */
export interface PrintFileSource {
  ref: MediaRef;
  title: string;
  paper: PrintPaper;
  made: boolean;
}

/**
 * The print file's source of a job not yet printed (`printer`: only a job that printer took and is
 * printing), or null when there is none, it is done, or its photo is gone.
 */
export async function printFileSource(
  db: Queryable,
  jobId: number,
  printer: DeviceRow | null = null,
): Promise<PrintFileSource | null> {
  const { rows } = await db.query<{
    event_name: string;
    mode: MediaMode;
    file: string;
    title: string;
    print_paper: PrintPaper;
    file_made: boolean;
  }>(
    `SELECT m.event_name, m.mode, m.file, e.title, e.print_paper, j.file_made
       FROM print_jobs j JOIN media m ON m.id = j.media_id JOIN events e ON e.name = m.event_name
      WHERE j.id = $1 AND j.status IN ('queued', 'printing') AND ($2::text IS NULL OR (j.printer_id = $2 AND j.status =
        'printing'))`,
    [jobId, printer?.id ?? null],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ref: { eventName: row.event_name, mode: row.mode, file: row.file },
    title: row.title || row.event_name,
    paper: row.print_paper,
    made: row.file_made,
  };
}

/**
 * Records a job's print file, laid out for `paper`, as made; false when the job was printed or
 * failed meanwhile, or its event's paper changed while it was being made (the file is then not
 * wanted: the change queued a new one).
 */
export async function markPrintFileMade(db: Queryable, jobId: number, paper: PrintPaper): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE print_jobs j SET file_made = true FROM media m, events e
      WHERE j.id = $1 AND j.status IN ('queued', 'printing') AND m.id = j.media_id AND e.name = m.event_name
        AND e.print_paper = $2`,
    [jobId, paper],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Deletes the print files of jobs that are done with them (printed, failed: a photo erased, a job
 * given up): each is a copy of a guest's photo, kept no longer than its print needs. Answers how many.
 */
export async function removeSpentPrintFiles(db: Queryable, objects: Pick<ObjectStore, 'remove'>): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM print_jobs WHERE file_made AND status IN ('printed', 'failed')`,
  );
  // Each job marked done only once its file is gone: a store that fails midway leaves the rest for the next sweep.
  for (const row of rows) {
    await objects.remove(printFileKey(Number(row.id)));
    await db.query('UPDATE print_jobs SET file_made = false WHERE id = $1', [row.id]);
  }
  return rows.length;
}

/**
 * The paper an event's prints are laid out for from now on, in one transaction with the files of
 * its jobs still in the queue (made, or being made for the old paper): each is marked to be made
 * again, and `remake` queues its making (a printer that takes it first has it made at once). Jobs
 * a printer already took keep theirs. Two changes at once wait for each other (the event's row).
 */
export async function setPrintPaper(
  db: Database,
  eventName: EventName,
  paper: PrintPaper,
  remake: (client: Queryable, jobId: number) => Promise<void>,
): Promise<PrintPaper> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ print_paper: PrintPaper }>(
      'SELECT print_paper FROM events WHERE name = $1 FOR UPDATE',
      [eventName],
    );
    if (rows[0]?.print_paper === paper) return paper;
    await client.query('UPDATE events SET print_paper = $2 WHERE name = $1', [eventName, paper]);
    const queued = await client.query<{ id: string }>(
      `UPDATE print_jobs j SET file_made = false FROM media m WHERE m.id = j.media_id AND m.event_name = $1 ` +
        `AND j.status = 'queued' RETURNING j.id`,
      [eventName],
    );
    for (const job of queued.rows) await remake(client, Number(job.id));
    return paper;
  });
}
