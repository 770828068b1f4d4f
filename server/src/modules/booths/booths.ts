import type { DeviceLastReply } from '../../../../contract/wire';
import { deviceTitle } from '../../../../contract/boothLabels';
import type { Queryable } from '../../platform/db/database';
import { deviceKeyHash, deviceKeyMatches, NO_KEY } from './deviceKeys';
import { notFound } from '../../platform/errors';
import type { EventRow } from '../events';
import { deviceLastMedia } from '../media';

export interface DeviceRow {
  id: string;
  kind: 'booth' | 'printer' | 'mirror' | 'ultra';
  event_name: string | null;
  mode: string | null;
  key_hash: string;
}

/** The device of that id (and kind, when given), or null. */
export async function findDevice(db: Queryable, id: string, kind?: DeviceRow['kind']): Promise<DeviceRow | null> {
  const { rows } = await db.query<DeviceRow>('SELECT * FROM devices WHERE id = $1', [id]);
  const device = rows[0] ?? null;
  return device && (!kind || device.kind === kind) ? device : null;
}

/**
 * A device authenticates with its id and key (modules/booths/deviceKeys.ts); the comparison takes the same
 * time either way, and an unknown id is compared too. A key stored before the pepper is stored
 * peppered the first time it opens its device.
 */
export async function authenticateDevice(
  db: Queryable,
  pepper: Buffer,
  id: string,
  key: string,
): Promise<DeviceRow | null> {
  const device = await findDevice(db, id);
  const matched = deviceKeyMatches(pepper, device?.key_hash ?? NO_KEY, key);
  if (!device || !matched) return null;
  if (matched === 'legacy')
    await db.query('UPDATE devices SET key_hash = $2 WHERE id = $1 AND key_hash = $3', [
      id,
      deviceKeyHash(pepper, key),
      device.key_hash,
    ]);
  return device;
}

/**
 * `deviceLast`: the newest media of a device of this event, zero or one URL, with the booth's and
 * the event's titles; 404 when the device is not one of the event's (the caller checked the event
 * with `eventForViewer`).
 */
export async function deviceLastOfEvent(
  db: Queryable,
  event: Pick<EventRow, 'name' | 'title'>,
  device: string,
): Promise<DeviceLastReply> {
  const row = await findDevice(db, device);
  if (!row || row.event_name !== event.name)
    throw notFound('device_not_found', 'Dispositivo não encontrado neste evento.');
  return {
    product: await deviceLastMedia(db, event.name, device),
    boothTitle: deviceTitle(row),
    eventTitle: event.title || event.name,
  };
}
