import { mediaUrl } from '../../../contract/mediaPath';
import type { MediaMode } from '../../../contract/modes';
import type { Queryable } from '../db/database';
import type { PrintJobStatus } from '../../../contract/wire';
import type { DeviceRow } from './booths';
import { notFound } from './errors';

interface PrintJobRow {
  id: number;
  pack_hash: string;
  event_name: string;
  mode: MediaMode;
  file: string;
}

export interface PrintJob {
  id: number;
  packHash: string;
  url: string;
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
    .map((row) => ({ id: row.id, packHash: row.pack_hash, url: mediaUrl({ bname: row.event_name, mode: row.mode, file: row.file }) }));
}

/** The printer that took a job says it is printed. */
export async function markJobPrinted(db: Queryable, printer: DeviceRow, jobId: number): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE print_jobs SET status = 'printed', printed_at = now() WHERE id = $1 AND printer_id = $2 AND status = 'printing'`,
    [jobId, printer.id],
  );
  if (!rowCount) throw notFound('job_not_found', 'Trabalho de impressão não encontrado.');
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

/**
 * Where the job of one print request stands, and the copies its pack has left. Only who made
 * the request knows both its id and its pack hash: any other pair is the same not-found, so the
 * answer says nothing of which part was wrong.
 */
export async function printRequestStatus(db: Queryable, packHash: string, requestId: string): Promise<{ status: PrintJobStatus; copies: number }> {
  const { rows } = await db.query<{ status: PrintJobStatus; copies: number }>(
    `SELECT j.status, p.copies
       FROM print_requests r
       JOIN print_jobs j ON j.id = r.job_id
       JOIN packs p ON p.hash = r.pack_hash
      WHERE r.request_id = $1 AND r.pack_hash = $2`,
    [requestId, packHash],
  );
  if (rows.length === 0) throw notFound('print_request_not_found', 'Pedido de impressão não encontrado.');
  return rows[0];
}
