import type { Database } from '../../platform/db/database';
import type { WhatsAppStatus } from './transports/whatsAppNotifications';

/**
 * Stands in for the delivery module's record of a message's status (the owner's figures: delivered, failed) until
 * that part of the module joins the transports: it records nothing.
 */
export async function recordDeliveryStatus(
  _db: Database,
  _providerId: string,
  _status: WhatsAppStatus,
  _reason?: string,
): Promise<void> {}
