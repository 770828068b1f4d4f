import type { Queryable } from '../db/database';
import { tooMany } from './errors';
import { forgetOldRateHits } from './rateLimit';

/** The window failed device authentications are counted over. */
export const DEVICE_AUTH_WINDOW_MINUTES = 15;
/** Failures from one address in the window before its next attempts are refused. */
export const MAX_FAILURES_PER_ADDRESS = 20;
/**
 * Failures naming one device id in the window before its next attempts are refused. Higher than
 * an address's: a refused device id is a booth that stops working at a party, and whoever
 * floods it from many addresses would otherwise switch it off.
 */
export const MAX_FAILURES_PER_DEVICE = 100;

export const DEVICE_AUTH_THROTTLED = 'Muitas tentativas de autenticação deste dispositivo. Espere alguns minutos e tente de novo.';

/** The rate_hits buckets a failure counts in (domain/rateLimit.ts keeps the same table). */
export function deviceFailureBuckets(address: string, deviceId: string | null): { address: string; device: string | null } {
  return { address: `device-fail:ip:${address}`, device: deviceId ? `device-fail:id:${deviceId}` : null };
}

/**
 * Refuses (429) a failed attempt from an address, or naming a device id, that failed too often
 * in the last DEVICE_AUTH_WINDOW_MINUTES: a flood is told to stop and costs no more rows. Asked
 * only once the key did not match, so a booth with its right key is never held back by someone
 * else's failures (device ids are public; a venue's booths share its address). Counted in the
 * database, so across restarts and app servers. `scale` multiplies both limits, as it does the
 * app's other limits (the tests' servers raise them).
 */
export async function assertDeviceAuthAllowed(db: Queryable, address: string, deviceId: string | null, scale = 1): Promise<void> {
  const buckets = deviceFailureBuckets(address, deviceId);
  const { rows } = await db.query<{ by_address: number; by_device: number }>(
    `SELECT (SELECT count(*)::int FROM rate_hits WHERE bucket = $1 AND at > clock_timestamp() - make_interval(mins => $3)) AS by_address,
            (SELECT count(*)::int FROM rate_hits WHERE bucket = $2 AND at > clock_timestamp() - make_interval(mins => $3)) AS by_device`,
    [buckets.address, buckets.device, DEVICE_AUTH_WINDOW_MINUTES],
  );
  const { by_address: byAddress, by_device: byDevice } = rows[0];
  if (byAddress >= MAX_FAILURES_PER_ADDRESS * scale || byDevice >= MAX_FAILURES_PER_DEVICE * scale) {
    throw tooMany('device_auth_throttled', DEVICE_AUTH_THROTTLED);
  }
}

/** Counts a failed attempt, and forgets the rows of rate_hits no window counts any more. */
export async function recordDeviceAuthFailure(db: Queryable, address: string, deviceId: string | null): Promise<void> {
  const buckets = deviceFailureBuckets(address, deviceId);
  await db.query('INSERT INTO rate_hits (bucket) SELECT unnest($1::text[])', [[buckets.address, ...(buckets.device ? [buckets.device] : [])]]);
  await forgetOldRateHits(db);
}
