import { mediaUrl } from '../../../../contract/mediaPath';
import type { MediaMode } from '../../../../contract/modes';
import type { EventNumbersReply } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';
import { SHOWN_M } from '../media';
import type { ActionKind } from './actionLog';
import { deliveryFigures, deliveryWasUsed } from './deliveryNumbers';

/** The hours the chart covers at most: a night, its afternoon and the next morning. */
export const NUMBERS_HOURS = 48;
/** The most collected photos shown. */
export const TOP_PHOTOS = 6;
/** The night's hours are read on the venue's clock: the product's parties are in Brazil. */
const VENUE_TIME_ZONE = 'America/Sao_Paulo';

async function actionCounts(db: Queryable, eventName: string): Promise<Record<ActionKind, number>> {
  const counts: Record<ActionKind, number> = { collect: 0, share: 0, download: 0, wall_view: 0, face_search: 0 };
  const { rows } = await db.query<{ kind: ActionKind; n: number }>(
    'SELECT kind, count(*)::int AS n FROM event_actions WHERE event_name = $1 GROUP BY kind',
    [eventName],
  );
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

async function boothCounts(db: Queryable, eventName: string): Promise<EventNumbersReply['booths']> {
  const { rows } = await db.query<{ mode: MediaMode; device: string | null; taken: number }>(
    `SELECT mode, device_id AS device, count(*)::int AS taken FROM media
      WHERE event_name = $1 AND role = 'booth' GROUP BY mode, device_id ORDER BY mode, device_id NULLS LAST`,
    [eventName],
  );
  return rows;
}

async function printCounts(db: Queryable, eventName: string): Promise<{ printed: number; copiesLeft: number }> {
  const { rows } = await db.query<{ printed: number; copies_left: number }>(
    `SELECT (SELECT count(*)::int FROM print_jobs j JOIN packs p ON p.hash = j.pack_hash WHERE p.event_name = $1)
              AS printed,
            (SELECT coalesce(sum(copies), 0)::int FROM packs WHERE event_name = $1) AS copies_left`,
    [eventName],
  );
  return { printed: rows[0].printed, copiesLeft: rows[0].copies_left };
}

/** Media taken and photos collected per hour of the venue's clock, the hours without either included. */
async function hourCounts(db: Queryable, eventName: string): Promise<EventNumbersReply['hours']> {
  const { rows } = await db.query<EventNumbersReply['hours'][number]>(
    `WITH happened AS (
       SELECT date_trunc('hour', created_at AT TIME ZONE $2::text) AS hour, 1 AS taken, 0 AS collected
         FROM media WHERE event_name = $1 AND role = 'booth'
       UNION ALL
       SELECT date_trunc('hour', at AT TIME ZONE $2::text), 0, 1
         FROM event_actions WHERE event_name = $1 AND kind = 'collect'),
     span AS (SELECT max(hour) AS last, greatest(min(hour), max(hour) - make_interval(hours => $3::int - 1)) AS first
                FROM happened)
     SELECT to_char(h, 'YYYY-MM-DD"T"HH24:00') AS hour,
            coalesce(sum(happened.taken), 0)::int AS taken, coalesce(sum(happened.collected), 0)::int AS collected
       FROM span, generate_series(span.first, span.last, interval '1 hour') AS h
       LEFT JOIN happened ON happened.hour = h
      GROUP BY h ORDER BY h`,
    [eventName, VENUE_TIME_ZONE, NUMBERS_HOURS],
  );
  return rows;
}

/** The photos guests collected most; none the host hid (docs/product.md#moderation), which the numbers put forward. */
async function topCollected(db: Queryable, eventName: string): Promise<EventNumbersReply['top']> {
  const { rows } = await db.query<{ mode: MediaMode; file: string; collected: number }>(
    `SELECT m.mode, m.file, count(*)::int AS collected
       FROM event_actions a JOIN media m ON m.id = a.media_id
      WHERE a.event_name = $1 AND a.kind = 'collect' AND ${SHOWN_M}
      GROUP BY m.id ORDER BY collected DESC, m.id DESC LIMIT $2`,
    [eventName, TOP_PHOTOS],
  );
  return rows.map(({ mode, file, collected }) => ({ url: mediaUrl({ eventName, mode, file }), collected }));
}

/** The event's night in figures (docs/product.md#the-party-in-numbers), counted as it stands now. */
export async function eventNumbers(db: Queryable, eventName: string): Promise<EventNumbersReply> {
  const [actions, booths, prints, hours, top, delivery] = await Promise.all([
    actionCounts(db, eventName),
    boothCounts(db, eventName),
    printCounts(db, eventName),
    hourCounts(db, eventName),
    topCollected(db, eventName),
    deliveryWasUsed(db, eventName).then((used) => (used ? deliveryFigures(db, eventName) : undefined)),
  ]);
  return {
    bname: eventName,
    taken: booths.reduce((sum, booth) => sum + booth.taken, 0),
    booths,
    collected: actions.collect,
    shared: actions.share,
    downloaded: actions.download,
    ...prints,
    faceSearches: actions.face_search,
    wallViews: actions.wall_view,
    hours,
    top,
    ...(delivery ? { delivery } : {}),
  };
}
