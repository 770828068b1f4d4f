import type { Queryable } from '../../platform/db/database';

/**
 * A message's status as it goes (docs/api.md#photos-delivered): pending, then sent (the provider
 * took it) or failed (refused for good, or given up), or stopped (its guest stopped, its photos
 * were hidden); then the provider's word on it (delivered, read, failed). Each change only from
 * where it may come, so a late or repeated one changes nothing.
 */

export async function stopMessage(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query(
    `UPDATE delivery_messages SET status = 'stopped', reason = $2, updated_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, reason],
  );
}

/** Before the transport is called: one more attempt, noted. */
export async function noteAttempt(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE delivery_messages SET attempts = attempts + 1, updated_at = now() WHERE id = $1', [id]);
}

/** The transport took it: sent, with the provider's id (what its status webhook names). */
export async function markSent(db: Queryable, id: number, providerId: string): Promise<void> {
  await db.query(
    `UPDATE delivery_messages SET status = 'sent', provider_id = $2, sent_at = now(), reason = NULL, updated_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, providerId],
  );
}

/** Given up (refused for good, or every retry spent): failed, with why. */
export async function markFailed(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query(
    `UPDATE delivery_messages SET status = 'failed', reason = left($2, 500), updated_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, reason],
  );
}

/** A try that may succeed later: why it failed this time, kept for the give-up's reason. */
export async function noteRetry(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query('UPDATE delivery_messages SET reason = left($2, 500), updated_at = now() WHERE id = $1', [id, reason]);
}

/** The reason the last try gave, for the give-up. */
export async function lastReason(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ reason: string | null }>('SELECT reason FROM delivery_messages WHERE id = $1', [
    id,
  ]);
  return rows[0]?.reason ?? null;
}

/** What a provider's status webhook says of a message. */
export type ProviderStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * A provider's word on a message it took (the WhatsApp status webhook): delivered (or read) and
 * failed are kept, never going back (a late 'sent' after 'delivered' changes nothing; a failure
 * after delivery is kept as failed, as the provider says). Answers whether a message was found.
 */
export async function recordDeliveryStatus(
  db: Queryable,
  providerId: string,
  status: ProviderStatus,
  reason?: string,
): Promise<boolean> {
  const next = status === 'read' ? 'delivered' : status;
  const { rows } = await db.query<{ id: string }>(
    `UPDATE delivery_messages SET
        status = CASE
          WHEN $2 = 'failed' THEN 'failed'
          WHEN $2 = 'delivered' AND status IN ('sent', 'pending') THEN 'delivered'
          ELSE status END,
        reason = CASE WHEN $2 = 'failed' THEN left(coalesce($3, 'falha informada pelo provedor'), 500) ELSE reason END,
        sent_at = coalesce(sent_at, now()),
        updated_at = now()
      WHERE provider_id = $1 RETURNING id`,
    [providerId, next, reason ?? null],
  );
  return rows.length > 0;
}
