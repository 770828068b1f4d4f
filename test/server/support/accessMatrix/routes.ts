import type { Row } from './callers';
import { COLLECT_ROWS } from './collectRows';
import { COMMERCE_ROWS } from './commerceRows';
import { CONTACT_ROWS } from './contactRows';
import { DELIVERY_ROWS } from './deliveryRows';
import { GUEST_ROWS } from './guestRows';
import { INSIGHTS_ROWS } from './insightsRows';
import { MODERATION_ROWS } from './moderationRows';
import { OTHER_ROWS } from './otherRows';
import { PHONE_AND_DEVICE_ROWS } from './phoneAndDeviceRows';
import { WHATSAPP_WEBHOOK_ROWS } from './whatsAppWebhookRows';

/**
 * The access matrix's table (test/server/accessMatrix.test.ts): a row per route the server
 * declares (a route with several cases, a row per case), its request and what each caller gets.
 *
 * To add a route: one row in the file of its subject (guestRows.ts, commerceRows.ts, phoneAndDeviceRows.ts,
 * insightsRows.ts, collectRows.ts, otherRows.ts), `{ route: 'METHOD /path', request: () => ({ ... }), expected: ... }`
 * with one of the helpers of callers.ts (`anyone`, `optional`, `signedIn`, `only`, `device`).
 */
// In this order: the later rows change what the earlier ones read (see the comments atop otherRows.ts's last rows).
export const ROWS: Row[] = [
  ...GUEST_ROWS,
  ...COMMERCE_ROWS,
  ...PHONE_AND_DEVICE_ROWS,
  ...CONTACT_ROWS,
  ...DELIVERY_ROWS,
  ...INSIGHTS_ROWS,
  ...COLLECT_ROWS,
  ...OTHER_ROWS,
  ...MODERATION_ROWS,
  ...WHATSAPP_WEBHOOK_ROWS,
];
