import type { EventCard, EventDetails } from '../../../src/api/wire';
import type { Database, Queryable } from '../db/database';
import { notFound, unauthenticated } from './errors';

export interface EventRow {
  name: string;
  /** What people read; empty: the name. */
  title: string;
  public_id: string;
  visible: boolean;
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
 * The event whose media a visitor asks for (a gallery, a device's last photo, the 360 video):
 * unknown, 404; private (SPEC section 6: "private events need login"), only for a signed-in
 * visitor, 401 otherwise. One rule for `/all`, `/deviceLast` and `/ultraLast`.
 */
export async function eventForViewer(db: Queryable, name: string, signedIn: boolean): Promise<EventRow> {
  return checkViewer(await findEvent(db, name), signedIn);
}

/** The rule of `eventForViewer`, for a query that read the event along with something else. */
export function checkViewer<E extends Pick<EventRow, 'visible'>>(event: E | null, signedIn: boolean): E {
  if (!event) throw notFound('event_not_found', 'Evento não encontrado.');
  if (!event.visible && !signedIn) throw unauthenticated('Este evento é privado. Faça login para ver as fotos.');
  return event;
}

export function eventDetails(event: EventRow): EventDetails {
  return { devices: event.devices, bname: event.name, displayTitle: event.title || event.name };
}

/**
 * The cards of the events a visitor names (from their cookie), in their order. Private events
 * only for a signed-in visitor (SPEC section 6). `photos` counts what the guest can open: the
 * media of the event's booths, not its cover and profile images nor a mode it has no booth for.
 */
export async function eventCards(db: Database, names: string[], signedIn: boolean): Promise<EventCard[]> {
  if (names.length === 0) return [];
  const { rows } = await db.query<EventRow & { photos: number }>(
    `SELECT e.*, (SELECT count(*) FROM media m WHERE m.event_name = e.name AND m.role = 'booth' AND m.mode = ANY(e.devices))::int AS photos
       FROM events e
      WHERE e.name = ANY($1::text[]) AND (e.visible OR $2)
      ORDER BY array_position($1::text[], e.name)`,
    [names, signedIn],
  );
  return rows.map((row) => ({
    title: row.name,
    displayTitle: row.title || row.name,
    visible: row.visible,
    profile: row.profile,
    cover: row.cover,
    photos: row.photos,
    devices: row.devices,
  }));
}
