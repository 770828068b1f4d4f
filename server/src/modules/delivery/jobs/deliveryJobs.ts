import type { Database } from '../../../platform/db/database';
import type { JobData, JobHandler, JobQueue, QueueSettings } from '../../../platform/db/jobQueue';
import { DELIVERY_BATCH } from '../deliveryPhotos';
import { batchWaitingPhotos, DELIVERY_SEND, messageToSend } from '../deliveryMessages';
import { lastReason, markFailed, markSent } from '../messageStatus';
import { claimAttempt, noteRetry, RESEND_GRACE_SECONDS } from '../sendAttempts';
import { messageContent, type ContentSources } from '../messageContent';
import type { DeliveryTransports } from '../transports/configuredTransports';

/**
 * The delivery's jobs on the PostgreSQL queue (docs/operations.md#photos-delivered): the batch of
 * a subscription, the send of a message (retried with a growing delay), and the give-up of a
 * message whose every retry failed (its dead letter: the reason is kept).
 */

export { DELIVERY_BATCH, DELIVERY_SEND };
/** The dead letter of the sends. */
export const DELIVERY_GIVEN_UP = 'delivery-given-up';

/** A batch is a few statements: a minute is a server gone. */
export const DELIVERY_BATCH_SETTINGS: QueueSettings = { expireInSeconds: 60, retryLimit: 5, retryDelaySeconds: 2 };
/**
 * A send is one call to the provider (a few seconds at worst); retried 6 times from 5 s, doubled each
 * time (5 s to 160 s: about five minutes of a provider's trouble), then given up.
 */
export const DELIVERY_SEND_SETTINGS: QueueSettings = {
  expireInSeconds: 60,
  retryLimit: 6,
  retryDelaySeconds: 5,
  deadLetter: DELIVERY_GIVEN_UP,
};
export const DELIVERY_GIVEN_UP_SETTINGS: QueueSettings = { expireInSeconds: 60, retryLimit: 5, retryDelaySeconds: 5 };

/** The transports by channel (modules/delivery/transports, chosen by configuration): a channel may have none. */

const idOf = (data: JobData, field: string): number | null => {
  const id = Number(data[field]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function deliveryBatchJob(db: Database, queue: Pick<JobQueue, 'enqueue' | 'nudge'>): JobHandler {
  return async (data) => {
    const subscription = idOf(data, 'subscription');
    if (subscription === null) return;
    if ((await batchWaitingPhotos(db, queue, subscription)) !== null) queue.nudge(DELIVERY_SEND);
  };
}

/**
 * Sends a recorded message: nothing when it is no longer pending or its guest stopped; an attempt
 * claimed before the transport's call and the outcome after. A refusal for good fails it at once; a
 * passing trouble (or a transport that throws) fails this run, and the queue tries again. While an
 * earlier attempt's outcome is unknown within its channel's grace (sendAttempts.ts), this run calls
 * no transport and fails too: the queue tries again later, when the provider's notification may have
 * settled it.
 */
export function deliverySendJob(db: Database, sources: ContentSources, transports: DeliveryTransports): JobHandler {
  return async (data) => {
    const id = idOf(data, 'message');
    if (id === null) return;
    const message = await messageToSend(db, id);
    if (message === 'done') return;
    const transport = transports[message.channel];
    if (!transport) return markFailed(db, id, `nenhum envio por ${message.channel} configurado`);
    const content = await messageContent(sources, message);
    const claim = await claimAttempt(db, id, RESEND_GRACE_SECONDS[message.channel]);
    if (claim === 'done') return;
    if (claim !== 'claimed')
      throw new Error(
        `delivery message ${id}: an earlier attempt's outcome still unknown, ${claim.waitSeconds} s left`,
      );
    const result = await transport.send(content).catch(async (error: Error) => {
      // No answer: the provider may have taken it, so the attempt stays unsettled.
      await noteRetry(db, id, error.message, false);
      throw error;
    });
    if (result.ok) return markSent(db, id, result.providerId);
    if (!result.retryable) {
      // Refused for good: the provider answered, so the attempt is settled (nothing it says later makes it sent).
      await noteRetry(db, id, result.reason, true);
      return markFailed(db, id, result.reason);
    }
    await noteRetry(db, id, result.reason, result.unsettled !== true);
    throw new Error(`delivery message ${id}: ${result.reason}`);
  };
}

/** Every retry of a send failed: the message is failed, with the last reason a try gave. */
export function deliveryGivenUpJob(db: Database): JobHandler {
  return async (data) => {
    const id = idOf(data, 'message');
    if (id === null) return;
    const reason = await lastReason(db, id);
    await markFailed(db, id, `desistimos depois de várias tentativas${reason ? `: ${reason}` : ''}`);
  };
}

/** The delivery's queues for `startJobQueue`, with their handlers; `started` gives them the queue once it runs. */
export function deliveryQueues(db: Database, sources: ContentSources, transports: DeliveryTransports) {
  let queue: Pick<JobQueue, 'enqueue' | 'nudge'> | null = null;
  const queues: Record<string, { settings: QueueSettings; handler: JobHandler }> = {
    // The dead letter first: the sends' queue names it.
    [DELIVERY_GIVEN_UP]: { settings: DELIVERY_GIVEN_UP_SETTINGS, handler: deliveryGivenUpJob(db) },
    [DELIVERY_SEND]: { settings: DELIVERY_SEND_SETTINGS, handler: deliverySendJob(db, sources, transports) },
    [DELIVERY_BATCH]: {
      settings: DELIVERY_BATCH_SETTINGS,
      // A batch queues its send: bound once the queue exists.
      handler: async (data) => {
        if (!queue) throw new Error('the delivery batch job ran before the queue started');
        await deliveryBatchJob(db, queue)(data);
      },
    },
  };
  return {
    queues,
    started(jobs: Pick<JobQueue, 'enqueue' | 'nudge'>) {
      queue = jobs;
    },
  };
}
