import { contactEmail, contactName, whatsappNumber } from '../../../../contract/guestContact';
import { maskedAddress, type DeliveryChannel } from '../../../../contract/delivery';
import type { DeliveryOffer, DeliverySubscription, SubscribeRequest } from '../../../../contract/wire';
import type { Database, Queryable } from '../../platform/db/database';
import { conflict, invalid } from '../../platform/errors';
import { unknownEvent } from '../access';
import { descriptorBytes, selfieOf } from '../faces';
import { deliveryConsentText } from './consentText';

/**
 * A guest's subscription to receive their photos (docs/privacy.md#photos-delivered): the offer the
 * collect, face and pack pages show, subscribing under the consent text read (its hash), the stop
 * by the guest or by a message's link. One per visitor (agent) and event; every consent given,
 * stopped, erased or expired is a line of the delivery's consent log, written in the same
 * transaction as the change it notes.
 */

interface EventRow {
  title: string;
  delivery: boolean;
  guest_contact_days: number;
  face_search: boolean;
}

interface SubscriptionRow {
  name: string;
  channel: DeliveryChannel;
  address: string;
  face_descriptor: Buffer | null;
  subscribed_at: Date;
  expires_at: Date;
}

const SUBSCRIPTION_COLUMNS = 's.name, s.channel, s.address, s.face_descriptor, s.subscribed_at, s.expires_at';

const toSubscription = (row: SubscriptionRow): DeliverySubscription => ({
  name: row.name,
  channel: row.channel,
  maskedAddress: maskedAddress(row.channel, row.address),
  faceMatches: row.face_descriptor !== null,
  subscribedAt: row.subscribed_at.toISOString(),
  until: row.expires_at.toISOString(),
});

async function eventOf(db: Queryable, eventName: string, lock = ''): Promise<EventRow> {
  const { rows } = await db.query<EventRow>(
    `SELECT title, delivery, guest_contact_days, face_search FROM events WHERE name = $1 ${lock}`,
    [eventName],
  );
  // Deleted since the route found it: as for any unknown event.
  if (!rows[0]) throw unknownEvent();
  return rows[0];
}

async function subscriptionOf(db: Queryable, eventName: string, agent: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM delivery_subscriptions s
      WHERE s.event_name = $1 AND s.agent = $2 AND s.expires_at > now()`,
    [eventName, agent],
  );
  return rows[0] ?? null;
}

/** What the pages offer this visitor at this event: nothing while delivery is off, but their subscription. */
export async function deliveryOffer(db: Queryable, eventName: string, agent: string | null): Promise<DeliveryOffer> {
  const event = await eventOf(db, eventName);
  const subscription = agent ? await subscriptionOf(db, eventName, agent) : null;
  const mine = subscription ? toSubscription(subscription) : null;
  if (!event.delivery) {
    return {
      offered: false,
      title: event.title,
      text: '',
      textHash: '',
      until: null,
      faceMatchesOffered: false,
      subscription: mine,
    };
  }
  const text = deliveryConsentText(event.title, event.guest_contact_days);
  const until = new Date(Date.now() + event.guest_contact_days * 24 * 60 * 60 * 1000).toISOString();
  const faceMatchesOffered = event.face_search && agent !== null && (await selfieOf(db, agent)) !== null;
  return {
    offered: true,
    title: event.title,
    text: text.body,
    textHash: text.hash,
    until,
    faceMatchesOffered,
    subscription: mine,
  };
}

/** The address as kept, or the reason it cannot be, in the guest's words. */
function checkedRequest(request: SubscribeRequest): { name: string; address: string } {
  const name = contactName(request.name);
  if (!name) throw invalid('invalid_name', 'Escreva seu nome (até 80 letras).');
  if (request.channel === 'whatsapp') {
    const address = whatsappNumber(request.address.trim());
    if (!address) {
      throw invalid(
        'invalid_whatsapp',
        'Este WhatsApp não parece um celular do Brasil: use o DDD, como (11) 98765-4321.',
      );
    }
    return { name, address };
  }
  const address = contactEmail(request.address);
  if (!address) throw invalid('invalid_email', 'Este e-mail não parece certo: confira, como nome@exemplo.com.');
  return { name, address };
}

/**
 * A guest subscribes under the consent text they read (its hash), kept for the days that text
 * says. Subscribing again replaces the address and the choice of face matches, and keeps what was
 * sent already (the same subscription: no photo goes twice). Face matches only for a visitor whose
 * selfie is kept (face search with its consent) at an event with face search on; their descriptor
 * is copied so that the photos taken later find them, for as long as the subscription lasts.
 */
export async function subscribe(
  db: Database,
  eventName: string,
  agent: string,
  request: SubscribeRequest,
): Promise<DeliverySubscription> {
  const checked = checkedRequest(request);
  return db.transaction(async (client) => {
    // Under a share lock: the text agreed to is the event's as this subscription is written.
    const event = await eventOf(client, eventName, 'FOR SHARE');
    if (!event.delivery) throw conflict('delivery_off', 'Este evento não está enviando fotos agora.');
    const text = deliveryConsentText(event.title, event.guest_contact_days);
    if (text.hash !== request.consent) {
      throw conflict('consent_changed', 'O texto do consentimento mudou: leia de novo e confirme.');
    }
    let descriptor: Buffer | null = null;
    if (request.faceMatches) {
      const selfie = event.face_search ? await selfieOf(client, agent) : null;
      if (!selfie) {
        throw conflict(
          'no_face_search',
          'Para receber as fotos em que seu rosto aparecer, use antes a busca por rosto deste evento.',
        );
      }
      descriptor = descriptorBytes(selfie);
    }
    // consent_texts is shared with the guests' contacts: a text is kept once, word for word.
    await client.query(
      'INSERT INTO consent_texts (hash, version, body) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING',
      [text.hash, text.version, text.body],
    );
    const { rows } = await client.query<SubscriptionRow>(
      `INSERT INTO delivery_subscriptions AS s
         (event_name, agent, name, channel, address, consent_hash, face_descriptor, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8))
       ON CONFLICT (event_name, agent) DO UPDATE
         SET name = EXCLUDED.name, channel = EXCLUDED.channel, address = EXCLUDED.address,
             consent_hash = EXCLUDED.consent_hash, face_descriptor = EXCLUDED.face_descriptor,
             subscribed_at = now(), expires_at = EXCLUDED.expires_at
       RETURNING ${SUBSCRIPTION_COLUMNS}`,
      [
        eventName,
        agent,
        checked.name,
        request.channel,
        checked.address,
        text.hash,
        descriptor,
        event.guest_contact_days,
      ],
    );
    await logDeliveryConsent(client, [{ eventName, agent }], 'given', text.hash);
    return toSubscription(rows[0]);
  });
}

export type DeliveryConsentAction = 'given' | 'stopped' | 'erased' | 'expired';

export async function logDeliveryConsent(
  db: Queryable,
  entries: readonly { eventName: string; agent: string; hash?: string }[],
  action: DeliveryConsentAction,
  hash?: string,
): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO delivery_consents (event_name, agent, action, consent_hash)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [
      entries.map((entry) => entry.eventName),
      entries.map((entry) => entry.agent),
      entries.map(() => action),
      entries.map((entry) => hash ?? entry.hash ?? null),
    ],
  );
}

/**
 * Deletes subscriptions and logs why, in the caller's transaction: what waits to be sent goes with
 * them (their photos' rows), and their messages not yet sent are stopped, so a job that runs now
 * sends nothing. Answers the events of the subscriptions that went.
 */
export async function removeSubscriptions(
  db: Queryable,
  where: string,
  values: unknown[],
  action: DeliveryConsentAction,
): Promise<string[]> {
  // First, while the messages still name their subscription (a delete leaves them nameless).
  await db.query(
    `UPDATE delivery_messages SET status = 'stopped', reason = 'parou de receber', updated_at = now()
      WHERE status = 'pending' AND subscription_id IN (SELECT id FROM delivery_subscriptions WHERE ${where})`,
    values,
  );
  const { rows } = await db.query<{ event_name: string; agent: string; consent_hash: string }>(
    `DELETE FROM delivery_subscriptions WHERE ${where} RETURNING event_name, agent, consent_hash`,
    values,
  );
  await logDeliveryConsent(
    db,
    rows.map((row) => ({ eventName: row.event_name, agent: row.agent, hash: row.consent_hash })),
    action,
  );
  return rows.map((row) => row.event_name);
}

/** 'Parar de receber' by the guest on the site: nothing more goes, from now. Answers whether there was one. */
export async function stopByVisitor(db: Database, eventName: string, agent: string): Promise<boolean> {
  const gone = await db.transaction((client) =>
    removeSubscriptions(client, 'event_name = $1 AND agent = $2', [eventName, agent], 'stopped'),
  );
  return gone.length > 0;
}

/** What a message's stop link names: whether its subscription is still there, and its event's title ('' if gone). */
export async function subscriptionOfLink(db: Queryable, id: number): Promise<{ subscribed: boolean; title: string }> {
  const { rows } = await db.query<{ title: string }>(
    'SELECT e.title FROM delivery_subscriptions s JOIN events e ON e.name = s.event_name WHERE s.id = $1',
    [id],
  );
  return { subscribed: rows.length > 0, title: rows[0]?.title ?? '' };
}

/** 'Parar de receber' from a message's link: the subscription it names, and its event's title (empty if gone). */
export async function stopBySubscriptionId(db: Database, id: number): Promise<{ stopped: boolean; title: string }> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ title: string }>(
      'SELECT e.title FROM delivery_subscriptions s JOIN events e ON e.name = s.event_name WHERE s.id = $1',
      [id],
    );
    const gone = await removeSubscriptions(client, 'id = $1', [id], 'stopped');
    return { stopped: gone.length > 0, title: rows[0]?.title ?? '' };
  });
}
