import type { EventCard, EventDetails, EventVisibility } from '../../../contract/wire';
import type { Queryable } from '../db/database';
import type { Identity } from './identity';
import { forbidden, notFound, unauthenticated } from './errors';

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
}

export async function findEvent(db: Queryable, name: string): Promise<EventRow | null> {
  const { rows } = await db.query<EventRow>('SELECT * FROM events WHERE name = $1', [name]);
  return rows[0] ?? null;
}

export async function findEventByPublicId(db: Queryable, publicId: string): Promise<EventRow | null> {
  const { rows } = await db.query<EventRow>('SELECT * FROM events WHERE public_id = $1', [publicId]);
  return rows[0] ?? null;
}

/**
 * Whether a visitor may open the event's galleries and card. Names are guessable, so anything
 * reached by name (the card, `/all`, `/deviceLast`, `/ultraLast`) is public only for a public
 * event: a link-only or private one needs a login (SPEC section 6: "private events need login").
 * What a link-only event opens without a login is a media file by its own unguessable link
 * (http/mediaGate.ts).
 */
function openByName(visibility: EventVisibility, signedIn: boolean): boolean {
  return visibility === 'public' || signedIn;
}

export const LOGIN_FOR_PRIVATE = 'Este evento é privado. Faça login para ver as fotos.';

/**
 * The event whose media a visitor asks for (a gallery, a device's last photo, the 360 video):
 * unknown, 404; not public, only for a signed-in visitor, 401 otherwise (`openByName`).
 */
export async function eventForViewer(db: Queryable, name: string, signedIn: boolean): Promise<EventRow> {
  return checkViewer(await findEvent(db, name), signedIn);
}

/** The rule of `eventForViewer`, for a query that read the event along with something else. */
export function checkViewer<E extends Pick<EventRow, 'visibility'>>(event: E | null, signedIn: boolean): E {
  if (!event) throw notFound('event_not_found', 'Evento não encontrado.');
  if (!openByName(event.visibility, signedIn)) throw unauthenticated(LOGIN_FOR_PRIVATE);
  return event;
}

/** Whether `url` is the event's own cover or profile image. */
export async function isEventImage(db: Queryable, bname: string, url: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM events WHERE name = $1 AND $2 IN (cover, profile)', [bname, url]);
  return (rowCount ?? 0) > 0;
}

/** An event's visibility, or null when there is no such event (the media gate asks it per file). */
export async function eventVisibility(db: Queryable, name: string): Promise<EventVisibility | null> {
  const { rows } = await db.query<{ visibility: EventVisibility }>('SELECT visibility FROM events WHERE name = $1', [name]);
  return rows[0]?.visibility ?? null;
}

/**
 * The owner (the account whose paid order made the event) or the team sets who sees the event's
 * media. Names already handed out stay (docs/api.md, "Who may see an event"): guests'
 * collections hold them in cookies the server cannot rewrite; the media gate protects them from
 * now on, and what is stored from now on gets a random name.
 */
export async function setEventVisibility(db: Queryable, identity: Identity, isTeam: boolean, name: string, visibility: EventVisibility): Promise<EventRow> {
  const event = await findEvent(db, name);
  if (!event) throw notFound('event_not_found', 'Evento não encontrado.');
  if (!isTeam && (event.owner_uid === null || event.owner_uid !== identity.uid)) {
    throw forbidden('not_event_owner', 'Só quem contratou o evento pode mudar quem vê as fotos.');
  }
  const { rows } = await db.query<EventRow>('UPDATE events SET visibility = $2 WHERE name = $1 RETURNING *', [name, visibility]);
  return rows[0];
}

export function eventDetails(event: EventRow): EventDetails {
  return { devices: event.devices, bname: event.name, displayTitle: event.title || event.name };
}

/** An event as its card shows it: the row and the photos a guest can open. */
export type EventCardRow = EventRow & { photos: number };

/** The card rows of the named events, null for a name no event has (kept in memory by the guest routes). */
export async function eventCardRows(db: Queryable, names: readonly string[]): Promise<Map<string, EventCardRow | null>> {
  const found = new Map<string, EventCardRow | null>(names.map((name) => [name, null]));
  if (names.length === 0) return found;
  const { rows } = await db.query<EventCardRow>(
    `SELECT e.*, (SELECT count(*) FROM media m WHERE m.event_name = e.name AND m.role = 'booth' AND m.mode = ANY(e.devices))::int AS photos
       FROM events e
      WHERE e.name = ANY($1::text[])`,
    [names],
  );
  for (const row of rows) found.set(row.name, row);
  return found;
}

/**
 * The cards of the events a visitor names (from their cookie), in their order, once each.
 * Link-only and private events only for a signed-in visitor (`openByName`); `visible` says
 * public. `photos` counts what the guest can open: the media of the event's booths, not its
 * cover and profile images nor a mode it has no booth for.
 */
export function cardsForViewer(names: readonly string[], rows: ReadonlyMap<string, EventCardRow | null>, signedIn: boolean): EventCard[] {
  const cards: EventCard[] = [];
  // One card per event, as a name asked twice is one event.
  for (const name of new Set(names)) {
    const row = rows.get(name);
    if (!row || !openByName(row.visibility, signedIn)) continue;
    cards.push({
      title: row.name,
      displayTitle: row.title || row.name,
      visible: row.visibility === 'public',
      visibility: row.visibility,
      profile: row.profile,
      cover: row.cover,
      photos: row.photos,
      devices: row.devices,
    });
  }
  return cards;
}
