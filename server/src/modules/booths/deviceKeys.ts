import crypto from 'node:crypto';
import type { TeamDevice } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';
import { notFound } from '../../platform/errors';

/**
 * Device keys ('Devices'): made by the server, 192 random bits, shown once to the team
 * and stored only as an HMAC under a pepper kept out of the database (DEVICE_KEY_PEPPER, or the
 * data folder's), so that a copy of the database lets nobody test keys against it. Keys stored
 * before the pepper (a plain SHA-256) still open the device once, and are stored peppered then.
 */

const KEY_BYTES = 24;
const PEPPERED = 'hmac-sha256:';
/** What a device with no key holds: no key hashes to it. */
export const NO_KEY = '';

export function newDeviceKey(): string {
  return crypto.randomBytes(KEY_BYTES).toString('base64url');
}

export function deviceKeyHash(pepper: Buffer, key: string): string {
  return PEPPERED + crypto.createHmac('sha256', pepper).update(key).digest('hex');
}

/** A key's hash as stored before the pepper. */
function legacyHash(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

/**
 * Whether `key` opens a device whose stored hash is `stored`: 'peppered', 'legacy' (a hash of
 * before the pepper, to store again) or false. The comparison takes the same time either way.
 */
export function deviceKeyMatches(pepper: Buffer, stored: string, key: string): 'peppered' | 'legacy' | false {
  const legacy = !stored.startsWith(PEPPERED);
  const given = legacy ? legacyHash(key) : deviceKeyHash(pepper, key);
  // Compared as digests of equal length: a device with no key (or a malformed hash) takes the same time, and matches
  // nothing.
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  if (!crypto.timingSafeEqual(digest(stored), digest(given)) || stored === NO_KEY) return false;
  return legacy ? 'legacy' : 'peppered';
}

/** Every device, for the team: what it is, where, and whether it has a key (never the key). */
export async function teamDevices(db: Queryable): Promise<TeamDevice[]> {
  const { rows } = await db.query<{
    id: string;
    kind: TeamDevice['kind'];
    event_name: string | null;
    mode: string | null;
    key_hash: string;
  }>('SELECT id, kind, event_name, mode, key_hash FROM devices ORDER BY event_name NULLS LAST, id');
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    event: row.event_name ?? '',
    mode: row.mode ?? '',
    hasKey: row.key_hash !== NO_KEY,
  }));
}

/**
 * The team gives a device a new key: the old one stops working at once. Answers the new key, which is stored nowhere.
 */
export async function rotateDeviceKey(db: Queryable, pepper: Buffer, id: string): Promise<string> {
  const key = newDeviceKey();
  const { rowCount } = await db.query('UPDATE devices SET key_hash = $2 WHERE id = $1', [
    id,
    deviceKeyHash(pepper, key),
  ]);
  if (!rowCount) throw notFound('device_not_found', 'Dispositivo não encontrado.');
  return key;
}
