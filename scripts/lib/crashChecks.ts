/**
 * What bench:crash checks on the restarted stack: the kill's temporary files, the gallery a guest polls, the writes
 * the database and the data folder kept, and the jobs the killed server still held.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import { TEMPORARY_FILE, DURABLE_FOLDERS } from '../../server/src/platform/storage/durableWrite';
import { HOLDER_NAME_PREFIX } from '../../server/src/platform/db/jobHolders';
import { MEDIA_DERIVATIVES } from '../../server/src/modules/media/jobs/mediaDerivativesJob';
import type { FoundWrites, KeptUpload } from './benchReport';
import { EVENT, PACK, PACK_COPIES } from './crashLoad';

/**
 * A guest sees every acknowledged upload in its gallery this soon after the restarted server
 * answers: the gallery is asked again every GALLERY_POLL_MS until then.
 */
export const LISTED_WITHIN_MS = 5_000;
const GALLERY_POLL_MS = 250;

/** The temporary files of interrupted writes in the folders the server writes durably into. */
export function temporaryFiles(dataDir: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (TEMPORARY_FILE.test(entry.name)) found.push(full);
    }
  };
  for (const folder of DURABLE_FOLDERS)
    if (fs.existsSync(path.join(dataDir, folder))) visit(path.join(dataDir, folder));
  return found;
}

/** What a guest polling the booth gallery saw after the restart. */
export interface GalleryWatch {
  /** The gallery's list at its last look. */
  listed: string[];
  /**
   * When it first listed every acknowledged upload, in ms after the server answered; null when it never did in time.
   */
  allListedAfterMs: number | null;
}

/**
 * Polls the booth gallery as a guest's phone would, from the moment the restarted server answered,
 * until it lists every upload in `wanted` or LISTED_WITHIN_MS have passed.
 */
export async function watchGallery(base: string, wanted: readonly string[], answeredAt: number): Promise<GalleryWatch> {
  for (;;) {
    const gallery = await fetch(`${base}/api/all/${EVENT}/pad`);
    if (!gallery.ok) throw new Error(`the gallery answered ${gallery.status} after the restart`);
    const listed = ((await gallery.json()) as { product: string[] }).product;
    const shown = new Set(listed);
    const elapsed = Date.now() - answeredAt;
    if (wanted.every((url) => shown.has(url))) return { listed, allListedAfterMs: elapsed };
    if (elapsed >= LISTED_WITHIN_MS) return { listed, allListedAfterMs: null };
    await new Promise((resolve) => setTimeout(resolve, GALLERY_POLL_MS));
  }
}

/** The stored size of a file the gallery names, read from the data folder. */
function storedBytes(dataDir: string, url: string): number | null {
  return fs.statSync(path.join(dataDir, url.replace(/^\//, '')), { throwIfNoEntry: false })?.size ?? null;
}

/**
 * Everything a restarted stack holds of the writes: leads, prints and orders in its database;
 * uploads as its gallery listed them to a guest (`listed`).
 */
export async function findWrites(
  base: string,
  db: Client,
  dataDir: string,
  listed: readonly string[],
  fetchThese: ReadonlySet<string>,
): Promise<{ found: FoundWrites; problems: string[] }> {
  const leads = await db.query<{ client_id: string }>('SELECT client_id FROM leads WHERE client_id IS NOT NULL');
  const prints = await db.query<{ request_id: string; copies: number | null }>(
    'SELECT request_id, copies FROM print_requests',
  );
  const orders = await db.query<{ order_id: string; payment_method: string; pix_code: string | null }>(
    'SELECT order_id, payment_method, pix_code FROM orders',
  );
  const uploads = new Map<string, number | null>();
  for (const url of listed) {
    if (fetchThese.has(url)) {
      // The last cycle's uploads are read back as a guest would, byte for byte count.
      const file = await fetch(`${base}${url}`);
      uploads.set(url, file.ok ? (await file.arrayBuffer()).byteLength : null);
    } else {
      uploads.set(url, storedBytes(dataDir, url));
    }
  }

  // Every copy spent has its print job, and the other way round.
  const problems: string[] = [];
  const pack = await db.query<{ copies: number; jobs: number }>(
    'SELECT p.copies, (SELECT count(*)::int FROM print_jobs j WHERE j.pack_hash = p.hash) AS jobs FROM packs p ' +
      'WHERE p.hash = $1',
    [PACK],
  );
  const spent = PACK_COPIES - pack.rows[0].copies;
  if (spent !== pack.rows[0].jobs)
    problems.push(`pack ${PACK}: ${spent} copies spent but ${pack.rows[0].jobs} print jobs`);

  return {
    found: {
      lead: new Map(leads.rows.map((row) => [row.client_id, null])),
      upload: uploads,
      print: new Map(prints.rows.map((row) => [row.request_id, row.copies])),
      order: new Map(orders.rows.map((row) => [row.order_id, row.payment_method === 'pix' ? row.pix_code : null])),
    },
    problems,
  };
}

/**
 * Jobs still active with no live server holding them (platform/db/jobHolders.ts): the restarted server hands them back
 * before it answers.
 */
export async function jobsOfTheDead(db: Client): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pgboss.job j
      WHERE j.state = 'active'
        AND NOT EXISTS (SELECT 1 FROM job_holders h JOIN pg_stat_activity a ON a.application_name = $1 || h.instance
          WHERE h.job_id = j.id)`,
    [HOLDER_NAME_PREFIX],
  );
  return rows[0].count;
}

/**
 * The uploads of `urls` the restart kept (row and file) though their gallery did not list them,
 * each with why: whether it still awaits its tile, and its thumbnail jobs' states.
 */
export async function keptUploads(
  db: Client,
  dataDir: string,
  urls: readonly string[],
): Promise<Map<string, KeptUpload>> {
  const files = urls.map((url) => url.split('/').pop() ?? '');
  const { rows } = await db.query<{ file: string; awaiting_tile: boolean; jobs: string | null }>(
    `SELECT m.file, m.awaiting_tile,
            (SELECT string_agg(j.state || ' after ' || j.retry_count || ' retries, started ' ||
              coalesce(to_char(j.started_on, 'HH24:MI:SS.MS'), 'never')
                               || ', not before ' || to_char(j.start_after, 'HH24:MI:SS.MS'), '; ')
               FROM pgboss.job j WHERE j.name = $3 AND j.data->>'file' = m.file) AS jobs
       FROM media m WHERE m.event_name = $1 AND m.mode = 'pad' AND m.file = ANY($2::text[])`,
    [EVENT, files, MEDIA_DERIVATIVES],
  );
  const kept = new Map<string, KeptUpload>();
  for (const row of rows) {
    const url = `/media/${EVENT}/pad/${row.file}`;
    const state =
      `${row.awaiting_tile ? 'awaiting its tile' : 'not awaiting a tile'}, jobs: ${row.jobs ?? 'none'}, now ` +
      `${new Date().toISOString().slice(11, 23)}`;
    kept.set(url, { bytes: storedBytes(dataDir, url), state });
  }
  return kept;
}
