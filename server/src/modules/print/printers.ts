import type { EventPrintersReply, PrinterSeen, PrinterState } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';
import type { DeviceRow } from '../booths';
import type { EventName } from '../../../../contract/names';

/**
 * A printer guests can trust: each printer says its state, and is heard from each time
 * it asks for jobs (every few seconds while it runs); one not heard from for this long is offline.
 */
export const PRINTER_OFFLINE_AFTER_S = 60;

/** A printer's state as the team and the guests see it: offline once it has been quiet too long. */
const SEEN_STATE =
  `CASE WHEN s.seen_at < now() - make_interval(secs => ${PRINTER_OFFLINE_AFTER_S}) THEN 'offline' ELSE s.state ` +
  `END`;

/**
 * The printer says its state: kept, with when it was heard from. A printer that stops being ready
 * (a jam, the paper out) puts back in the queue the jobs it took and has not printed, in the same
 * statement: they print when it is ready again, or on another printer of the event, and their
 * guests read why they wait instead of 'Imprimindo'. Their files are to be made again (the paper
 * may have changed while the printer held them). Answers the jobs that went back.
 */
export async function reportPrinterState(db: Queryable, printer: DeviceRow, state: PrinterState): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `WITH said AS (
       INSERT INTO printer_states (device_id, state) VALUES ($1, $2)
       ON CONFLICT (device_id) DO UPDATE SET state = excluded.state, seen_at = now(),
         changed_at = CASE WHEN printer_states.state = excluded.state THEN printer_states.changed_at ELSE now() END),
     requeued AS (
       UPDATE print_jobs SET status = 'queued', printer_id = NULL, claimed_at = NULL, file_made = false
        WHERE $2 <> 'ready' AND printer_id = $1 AND status = 'printing'
       RETURNING id)
     SELECT id FROM requeued`,
    [printer.id, state],
  );
  return rows.map((row) => Number(row.id));
}

/** The printer asked for jobs: it is heard from. Answers the state it last said (ready until it says otherwise). */
export async function printerHeard(db: Queryable, printer: DeviceRow): Promise<PrinterState> {
  const { rows } = await db.query<{ state: PrinterState }>(
    `INSERT INTO printer_states (device_id) VALUES ($1)
     ON CONFLICT (device_id) DO UPDATE SET seen_at = now() RETURNING state`,
    [printer.id],
  );
  return rows[0].state;
}

/** The printers that print an event's jobs: its own, and those on no event (they print any event's, takePrintJobs). */
const SERVES_EVENT = `d.kind = 'printer' AND (d.event_name = $1 OR d.event_name IS NULL)`;

/**
 * How the printers of an event stand for a guest whose print waits: 'ready' when one is ready,
 * else what the one heard from last says (out of paper, jammed...), else 'offline'; null when the
 * event has no printer that ever spoke.
 */
export async function eventPrinterState(db: Queryable, eventName: EventName): Promise<PrinterSeen | null> {
  const { rows } = await db.query<{ seen: PrinterSeen }>(
    `SELECT ${SEEN_STATE} AS seen FROM printer_states s JOIN devices d ON d.id = s.device_id
      WHERE ${SERVES_EVENT}
      ORDER BY (${SEEN_STATE}) = 'ready' DESC, (${SEEN_STATE}) = 'offline' ASC, s.seen_at DESC LIMIT 1`,
    [eventName],
  );
  return rows[0]?.seen ?? null;
}

/** How the printer that took a job stands now (offline once quiet for a minute); null when it never spoke. */
export async function printerStateOf(db: Queryable, deviceId: string): Promise<PrinterSeen | null> {
  const { rows } = await db.query<{ seen: PrinterSeen }>(
    `SELECT ${SEEN_STATE} AS seen FROM printer_states s WHERE s.device_id = $1`,
    [deviceId],
  );
  return rows[0]?.seen ?? null;
}

/**
 * What people read of a printer: a device's id is no name. 'Impressora' when it is the
 * only one, numbered in the order of the list when there are several.
 */
export function printerName(index: number, count: number): string {
  return count > 1 ? `Impressora ${index + 1}` : 'Impressora';
}

/** The event's printers and its queue, for its owner and the team. */
export async function eventPrinters(db: Queryable, eventName: EventName): Promise<EventPrintersReply> {
  const printers = await db.query<{ device: string; state: PrinterSeen; seen_at: Date | null }>(
    `SELECT d.id AS device, coalesce(${SEEN_STATE}, 'offline') AS state, s.seen_at
       FROM devices d LEFT JOIN printer_states s ON s.device_id = d.id
      WHERE ${SERVES_EVENT} ORDER BY d.id`,
    [eventName],
  );
  const queue = await db.query<{ queued: number; printing: number }>(
    `SELECT count(*) FILTER (WHERE j.status = 'queued')::int AS queued, count(*) FILTER (WHERE j.status =
      'printing')::int AS printing
       FROM print_jobs j JOIN media m ON m.id = j.media_id WHERE m.event_name = $1`,
    [eventName],
  );
  return {
    printers: printers.rows.map((row, index) => ({
      device: row.device,
      name: printerName(index, printers.rowCount ?? printers.rows.length),
      state: row.state,
      seenAt: row.seen_at ? row.seen_at.toISOString() : null,
    })),
    ...queue.rows[0],
  };
}

/** A printer as the team's device list shows it (TeamDevice's `printer`). */
export interface TeamPrinter {
  name: string;
  eventTitle: string;
  state: PrinterSeen;
  waiting: number;
  seenAt: string | null;
}

/**
 * Every printer's state now, for the team, by device id: named as its event's
 * dashboard names it (among the event's own printers and those on no event, by id), and the
 * prints waiting for it (its event's queued and printing ones; every event's for one on none).
 */
export async function teamPrinters(db: Queryable): Promise<Map<string, TeamPrinter>> {
  const { rows } = await db.query<{
    id: string;
    event_name: string | null;
    title: string | null;
    state: PrinterSeen;
    seen_at: Date | null;
    rank: number;
    count: number;
    waiting: number;
  }>(
    `WITH printers AS (
       SELECT d.id, d.event_name, coalesce(${SEEN_STATE}, 'offline') AS state, s.seen_at
         FROM devices d LEFT JOIN printer_states s ON s.device_id = d.id WHERE d.kind = 'printer'),
     waiting AS (
       SELECT m.event_name, count(*)::int AS jobs FROM print_jobs j JOIN media m ON m.id = j.media_id
        WHERE j.status IN ('queued', 'printing') GROUP BY m.event_name)
     SELECT p.id, p.event_name, e.title, p.state, p.seen_at,
            (SELECT count(*)::int FROM printers o WHERE (o.event_name = p.event_name OR o.event_name IS NULL) AND o.id
              < p.id) AS rank,
            (SELECT count(*)::int FROM printers o WHERE o.event_name = p.event_name OR o.event_name IS NULL) AS count,
            coalesce((SELECT sum(w.jobs)::int FROM waiting w WHERE p.event_name IS NULL OR w.event_name = p.event_name),
              0) AS waiting
       FROM printers p LEFT JOIN events e ON e.name = p.event_name`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        // One on no event is every event's: it has no place in one event's list.
        name: row.event_name === null ? 'Impressora' : printerName(row.rank, row.count),
        eventTitle: row.event_name === null ? '' : row.title || row.event_name,
        state: row.state,
        waiting: row.waiting,
        seenAt: row.seen_at ? row.seen_at.toISOString() : null,
      },
    ]),
  );
}
