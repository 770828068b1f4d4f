import type { Queryable } from '../../../platform/db/database';
import { type AccessService, refusal, unknownEvent, type Viewer } from '../../access';
import { findEvent, type EventRow } from '../events';

/**
 * The event a visitor asks for by name (a gallery, a device's last photo, the 360 video), or its
 * refusal: 404 for an unknown event and for a stranger alike, 401 for a guest of a private event
 * who must sign in.
 */
export async function openEvent(db: Queryable, access: AccessService, name: string, viewer: Viewer): Promise<EventRow> {
  const event = await findEvent(db, name);
  if (!event) throw unknownEvent();
  const opening = await access.openingOf(name, event, viewer);
  if (opening !== 'open') throw refusal(opening);
  return event;
}
