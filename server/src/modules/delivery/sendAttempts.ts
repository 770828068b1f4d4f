import type { DeliveryChannel } from '../../../../contract/delivery';
import type { Queryable } from '../../platform/db/database';

/**
 * A send's attempts and what is known of their outcome (docs/operations.md#photos-delivered). An attempt is claimed
 * in the database before the transport is called, and stays unsettled until the provider answers: a server killed
 * after the provider took the message, or an answer lost on the way, leaves it so. WhatsApp's Cloud API does not
 * de-duplicate, but its status notification names the message by its key (messageStatus.ts settles it by that key):
 * so a WhatsApp message whose last attempt is unsettled is not sent again before a grace period. Past it, it is
 * sent again: the window for a repeat is narrowed to notifications slower than the grace, not closed.
 */

/**
 * How long an unsettled attempt holds the next one back, per channel. Meta's 'sent' notification comes seconds
 * after it took a message; 30 s spends at most two of a send's six retries waiting. E-mail has no such word to
 * wait for, and needs none: a repeat keeps its Message-ID, by which mail services drop it.
 */
export const RESEND_GRACE_SECONDS: Readonly<Record<DeliveryChannel, number>> = { whatsapp: 30, email: 0 };

/** 'claimed': call the transport now; 'done': not pending any more; else how long the grace still runs. */
export type AttemptClaim = 'claimed' | 'done' | { waitSeconds: number };

/**
 * Claims an attempt of a pending message: counted and noted as unsettled, unless an earlier attempt is still
 * unsettled within `graceSeconds`. One statement under the row's lock, so two runs of one send (a job handed back
 * while its first run still goes) never both call the transport within the grace.
 */
export async function claimAttempt(db: Queryable, id: number, graceSeconds: number): Promise<AttemptClaim> {
  const { rowCount } = await db.query(
    `UPDATE delivery_messages SET attempts = attempts + 1, unsettled_attempt_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'pending'
        AND (unsettled_attempt_at IS NULL OR unsettled_attempt_at <= now() - make_interval(secs => $2))`,
    [id, graceSeconds],
  );
  if ((rowCount ?? 0) > 0) return 'claimed';
  const { rows } = await db.query<{ status: string; wait: number }>(
    `SELECT status,
            greatest(0, extract(epoch FROM unsettled_attempt_at + make_interval(secs => $2) - now()))::float8 AS wait
       FROM delivery_messages WHERE id = $1`,
    [id, graceSeconds],
  );
  const row = rows[0];
  if (!row || row.status !== 'pending') return 'done';
  return { waitSeconds: Math.ceil(row.wait) };
}

/**
 * A try that may succeed later: why it failed, kept for the give-up's reason. `notTaken`: the provider answered
 * that it did not take the message, so the attempt is settled and the next may go at once; otherwise (no answer)
 * it stays unsettled.
 */
export async function noteRetry(db: Queryable, id: number, reason: string, notTaken: boolean): Promise<void> {
  await db.query(
    `UPDATE delivery_messages
        SET reason = left($2, 500), updated_at = now(),
            unsettled_attempt_at = CASE WHEN $3 THEN NULL ELSE unsettled_attempt_at END
      WHERE id = $1`,
    [id, reason, notTaken],
  );
}
