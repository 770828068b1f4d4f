import type { Database } from '../../platform/db/database';
import { tooMany } from '../../platform/errors';
import { takeRateSlot } from '../../platform/db/rateCounters';

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

export const DEVICE_AUTH_THROTTLED =
  'Muitas tentativas de autenticação deste dispositivo. Espere alguns minutos e tente de novo.';

/** The rate_hits buckets a failure counts in (platform/db/rateCounters.ts keeps the same table). */
export function deviceFailureBuckets(
  address: string,
  deviceId: string | null,
): { address: string; device: string | null } {
  return { address: `device-fail:ip:${address}`, device: deviceId ? `device-fail:id:${deviceId}` : null };
}

/**
 * Counts a failed attempt from an address, naming a device id, or refuses it (429) when either
 * failed too often in the last DEVICE_AUTH_WINDOW_MINUTES: a flood is told to stop and costs no
 * more rows. Asked only once the key did not match, so a booth with its right key is never held
 * back by someone else's failures (device ids are public; a venue's booths share its address).
 * Counted in the database under a lock per bucket (platform/db/rateCounters.ts), so a burst of guesses at
 * once gets no more than the limit, across restarts and app servers. `scale` multiplies both
 * limits, as it does the app's other limits (the tests' servers raise them).
 */
export async function countDeviceAuthFailure(
  db: Database,
  address: string,
  deviceId: string | null,
  scale = 1,
): Promise<void> {
  const buckets = deviceFailureBuckets(address, deviceId);
  const counted = await takeRateSlot(
    db,
    [
      { key: buckets.address, limit: MAX_FAILURES_PER_ADDRESS * scale },
      ...(buckets.device ? [{ key: buckets.device, limit: MAX_FAILURES_PER_DEVICE * scale }] : []),
    ],
    DEVICE_AUTH_WINDOW_MINUTES * 60,
  );
  if (!counted) throw tooMany('device_auth_throttled', DEVICE_AUTH_THROTTLED);
}
