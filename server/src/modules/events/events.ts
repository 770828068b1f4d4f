import { cleanTitle } from '../../../../contract/eventTitle';
import type { PrintPaper } from '../../../../contract/printPaper';
import type { EventCard, EventDetails, EventVisibility } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';
import type { Identity } from '../identity';
import { forbidden } from '../../platform/errors';
import { guardedEvent, unknownEvent } from '../access';
import { LISTED_M } from '../media';
import type { EventName } from '../../../../contract/names';

export interface EventRow {
  name: string;
  /** What people read; empty: the name. */
  title: string;
  public_id: string;
  /** public, link or private (migration 0009; the wire's EventVisibility says what each means). */
  visibility: EventVisibility;
  profile: string;
  cover: string;
  devices: string[];
  owner_uid: string | null;
  order_id: string | null;
  /** Its paid order was refunded or charged back (migration 0014): only the team opens it. */
  suspended_at: Date | null;
  /** The key of its wall link (migration 0019), null while there is none. */
  wall_key: string | null;
  /** The paper its printer holds (migration 0020). */
  print_paper: PrintPaper;
  /** Its owner turned face search on ('Encontre minhas fotos', migration 0022). */
  face_search: boolean;
}

export async function findEvent(db: Queryable, name: string): Promise<EventRow | null> {
  const { rows } = await db.query<EventRow>('SELECT * FROM events WHERE name = $1', [name]);
  return rows[0] ?? null;
}

export async function findEventByPublicId(db: Queryable, publicId: string): Promise<EventRow | null> {
  const { rows } = await db.query<EventRow>('SELECT * FROM events WHERE public_id = $1', [publicId]);
  return rows[0] ?? null;
}

/** Whether `url` is the event's own cover or profile image. */
export async function isEventImage(db: Queryable, eventName: EventName, url: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM events WHERE name = $1 AND $2 IN (cover, profile)', [
    eventName,
    url,
  ]);
  return (rowCount ?? 0) > 0;
}

/** An event's visibility, or null when there is no such event. */
export async function eventVisibility(db: Queryable, name: string): Promise<EventVisibility | null> {
  return (await guardedEvent(db, name))?.visibility ?? null;
}

/** The event, when the caller owns it (its order's account) or is of the team: 404 unknown, 403 anyone else. */
export async function ownedEvent(db: Queryable, identity: Identity, isTeam: boolean, name: string): Promise<EventRow> {
  const event = await findEvent(db, name);
  if (!event) throw unknownEvent();
  if (!isTeam && (event.owner_uid === null || event.owner_uid !== identity.uid)) {
    throw forbidden('not_event_owner', 'Só quem contratou o evento pode mudar quem vê as fotos.');
  }
  return event;
}

/**
 * The owner (the account whose paid order made the event) or the team sets who sees the event's
 * media. Names already handed out stay (docs/api.md#who-may-see-an-event): guests'
 * collections hold them in cookies the server cannot rewrite; the media gate protects them from
 * now on, and what is stored from now on gets a random name.
 */
export async function setEventVisibility(
  db: Queryable,
  identity: Identity,
  isTeam: boolean,
  name: string,
  visibility: EventVisibility,
): Promise<EventRow> {
  await ownedEvent(db, identity, isTeam, name);
  const { rows } = await db.query<EventRow>('UPDATE events SET visibility = $2 WHERE name = $1 RETURNING *', [
    name,
    visibility,
  ]);
  return rows[0];
}

/** The owner (or the team) gives the event a new title: what people read, everywhere. */
export async function setEventTitle(
  db: Queryable,
  identity: Identity,
  isTeam: boolean,
  name: string,
  title: string,
): Promise<EventRow> {
  await ownedEvent(db, identity, isTeam, name);
  const { rows } = await db.query<EventRow>('UPDATE events SET title = $2 WHERE name = $1 RETURNING *', [
    name,
    cleanTitle(title),
  ]);
  return rows[0];
}

export function eventDetails(event: EventRow): EventDetails {
  return {
    devices: event.devices,
    bname: event.name,
    displayTitle: event.title || event.name,
    ...(event.face_search ? { faceSearch: true } : {}),
  };
}

/** An event as its card shows it: the row and the photos a guest can open. */
export type EventCardRow = EventRow & { photos: number };

/** The card rows of the named events, null for a name no event has (kept in memory by the guest routes). */
export async function eventCardRows(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, EventCardRow | null>> {
  const found = new Map<string, EventCardRow | null>(names.map((name) => [name, null]));
  if (names.length === 0) return found;
  const { rows } = await db.query<EventCardRow>(
    `SELECT e.*, (SELECT count(*) FROM media m WHERE m.event_name = e.name AND ${LISTED_M} AND m.mode =
      ANY(e.devices))::int AS photos
       FROM events e
      WHERE e.name = ANY($1::text[])`,
    [names],
  );
  for (const row of rows) found.set(row.name, row);
  return found;
}

/**
 * The cards of the events a visitor names (from their cookie), in their order, once each: only
 * those the visitor may open (`opens`, modules/access/accessService.ts); `visible` says public. `photos` counts
 * what the guest can open: the media of the event's booths, not its cover and profile images nor
 * a mode it has no booth for.
 */
export function cardsForViewer(
  names: readonly string[],
  rows: ReadonlyMap<string, EventCardRow | null>,
  opens: ReadonlySet<string>,
): EventCard[] {
  const cards: EventCard[] = [];
  // One card per event, as a name asked twice is one event.
  for (const name of new Set(names)) {
    const row = rows.get(name);
    if (!row || !opens.has(name)) continue;
    cards.push({
      title: row.name,
      displayTitle: row.title || row.name,
      visible: row.visibility === 'public',
      visibility: row.visibility,
      profile: row.profile,
      cover: row.cover,
      photos: row.photos,
      devices: row.devices,
      // Only when on: the gallery then links to 'Encontre minhas fotos'.
      ...(row.face_search ? { faceSearch: true } : {}),
    });
  }
  return cards;
}
