import type { Database, Queryable } from '../../platform/db/database';

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

/** The transport took it: sent, with the provider's id (what its status webhook names). */
export async function markSent(db: Database, id: number, providerId: string): Promise<void> {
  await db.transaction(async (client) => {
    await client.query(
      `UPDATE delivery_messages
          SET status = 'sent', provider_id = $2, sent_at = now(), reason = NULL, updated_at = now()
        WHERE id = $1 AND status = 'pending'`,
      [id, providerId],
    );
    // A notification that came before this mark is kept under the id: applied now. Its row is locked
    // until the commit, so a notification coming meanwhile waits, then finds the message marked.
    const said = await keepProviderStatus(client, providerId, 'sent');
    if (said.status !== 'sent') await applyProviderStatus(client, providerId, said.status, said.reason ?? undefined);
  });
}

/** Given up (refused for good, or every retry spent): failed, with why. */
export async function markFailed(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query(
    `UPDATE delivery_messages SET status = 'failed', reason = left($2, 500), updated_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, reason],
  );
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
 * after delivery is kept as failed, as the provider says). `key`, the message's idempotency key the
 * provider echoes (WhatsApp's `biz_opaque_callback_data`), marks a message still pending sent with
 * this id: the provider took it, whether or not the server that sent it lived to mark it. Answers
 * whether a message was found.
 */
export async function recordDeliveryStatus(
  db: Database,
  providerId: string,
  status: ProviderStatus,
  reason?: string,
  key?: string,
): Promise<boolean> {
  return db.transaction(async (client) => {
    // The message's row before the kept status's, in markSent's order: the two wait for each other, never deadlock.
    if (key) await markSentByKey(client, key, providerId);
    // Kept (and its row locked): a message not marked yet takes it when it is (markSent).
    await keepProviderStatus(client, providerId, status === 'read' ? 'delivered' : status, reason);
    return applyProviderStatus(client, providerId, status, reason);
  });
}

/**
 * Marks the pending message of this key sent with the provider's id. Once marked (by its send or an earlier
 * notification) it changes nothing: a late notification of an attempt the message was sent again after names
 * another id, and is only kept. A message given up while its last attempt's outcome was unknown (failed, no id) is
 * marked too: the provider's word says that attempt went.
 */
async function markSentByKey(client: Queryable, key: string, providerId: string): Promise<void> {
  await client.query(
    `UPDATE delivery_messages
        SET status = 'sent', provider_id = $2, sent_at = now(), reason = NULL, updated_at = now()
      WHERE idempotency_key = $1 AND attempts > 0
        AND (status = 'pending'
             OR (status = 'failed' AND provider_id IS NULL AND unsettled_attempt_at IS NOT NULL))
        AND NOT EXISTS (SELECT 1 FROM delivery_messages named WHERE named.provider_id = $2)`,
    [key, providerId],
  );
}

/** The provider's word, kept by its id: the furthest it went (failed, then delivered, then sent); answers it. */
async function keepProviderStatus(
  client: Queryable,
  providerId: string,
  status: 'sent' | 'delivered' | 'failed',
  reason?: string,
): Promise<{ status: 'sent' | 'delivered' | 'failed'; reason: string | null }> {
  const { rows } = await client.query<{ status: 'sent' | 'delivered' | 'failed'; reason: string | null }>(
    `INSERT INTO delivery_provider_statuses AS kept (provider_id, status, reason) VALUES ($1, $2, left($3, 500))
     ON CONFLICT (provider_id) DO UPDATE SET
       status = CASE WHEN kept.status = 'failed' OR EXCLUDED.status = 'failed' THEN 'failed'
                     WHEN kept.status = 'delivered' OR EXCLUDED.status = 'delivered' THEN 'delivered'
                     ELSE 'sent' END,
       reason = CASE WHEN EXCLUDED.status = 'failed' THEN EXCLUDED.reason ELSE kept.reason END
     RETURNING status, reason`,
    [providerId, status, reason ?? null],
  );
  return rows[0];
}

/** Moves the message the provider's id names (when one is marked with it) as the provider said. */
async function applyProviderStatus(
  client: Queryable,
  providerId: string,
  status: ProviderStatus,
  reason?: string,
): Promise<boolean> {
  const next = status === 'read' ? 'delivered' : status;
  const { rows } = await client.query<{ id: string }>(
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
