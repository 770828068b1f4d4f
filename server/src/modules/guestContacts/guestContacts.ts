import type {
  ContactOffer,
  EventContactsReply,
  GuestContact,
  GuestContactSettings,
  LeaveContactRequest,
  MyContactsReply,
} from '../../../../contract/wire';
import { contactEmail, contactName, whatsappNumber } from '../../../../contract/guestContact';
import type { Database, Queryable } from '../../platform/db/database';
import { conflict, invalid } from '../../platform/errors';
import { unknownEvent } from '../access';
import { consentText } from './consentText';

/**
 * Guests who leave their contact to receive an event's photos (docs/privacy.md#guests-contacts):
 * the owner's setting, the contacts, and the consent log. A contact is one per visitor (agent) and
 * event; each consent given, withdrawn, erased or expired is a line of the log, written in the
 * same transaction as the change it notes.
 */

/** The consent log outlives the contacts it speaks of: the proof of a consent (LGPD art. 8 §2), never the contact. */
export const CONSENT_LOG_RETENTION_YEARS = 5;

interface SettingsRow {
  title: string;
  guest_contacts: boolean;
  guest_contact_days: GuestContactSettings['days'];
}

interface ContactRow {
  name: string;
  whatsapp: string | null;
  email: string | null;
  left_at: Date;
  expires_at: Date;
}

const CONTACT_COLUMNS = 'c.name, c.whatsapp, c.email, c.left_at, c.expires_at';

const toContact = (row: ContactRow): GuestContact => ({
  name: row.name,
  whatsapp: row.whatsapp,
  email: row.email,
  leftAt: row.left_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
});

async function settingsOf(db: Queryable, eventName: string, lock = ''): Promise<SettingsRow> {
  const { rows } = await db.query<SettingsRow>(
    `SELECT title, guest_contacts, guest_contact_days FROM events WHERE name = $1 ${lock}`,
    [eventName],
  );
  // Deleted since the route found it: as for any unknown event.
  if (!rows[0]) throw unknownEvent();
  return rows[0];
}

/** The owner's view: the setting, and every contact left, newest first. */
export async function eventContacts(db: Queryable, eventName: string): Promise<EventContactsReply> {
  const settings = await settingsOf(db, eventName);
  const { rows } = await db.query<ContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM guest_contacts c WHERE c.event_name = $1 AND c.expires_at > now()
      ORDER BY c.left_at DESC, c.agent`,
    [eventName],
  );
  return { enabled: settings.guest_contacts, days: settings.guest_contact_days, contacts: rows.map(toContact) };
}

/** Turns the form on or off, and sets the days the next contacts are kept (those left keep what their text said). */
export async function setContactSettings(
  db: Queryable,
  eventName: string,
  settings: GuestContactSettings,
): Promise<EventContactsReply> {
  await db.query('UPDATE events SET guest_contacts = $2, guest_contact_days = $3 WHERE name = $1', [
    eventName,
    settings.enabled,
    settings.days,
  ]);
  return eventContacts(db, eventName);
}

/** What the collect and face pages offer this visitor at this event: nothing while it is off. */
export async function contactOffer(db: Queryable, eventName: string, agent: string | null): Promise<ContactOffer> {
  const settings = await settingsOf(db, eventName);
  const { rowCount } = await db.query(
    'SELECT 1 FROM guest_contacts WHERE event_name = $1 AND agent = $2 AND expires_at > now()',
    [eventName, agent ?? ''],
  );
  const left = agent !== null && (rowCount ?? 0) > 0;
  if (!settings.guest_contacts) return { offered: false, title: settings.title, days: 0, text: '', textHash: '', left };
  const text = consentText(settings.title, settings.guest_contact_days);
  return {
    offered: true,
    title: settings.title,
    days: settings.guest_contact_days,
    text: text.body,
    textHash: text.hash,
    left,
  };
}

/** The contact as kept, or the reason it cannot be, in the guest's words. */
function checkedContact(request: LeaveContactRequest) {
  const name = contactName(request.name);
  if (!name) throw invalid('invalid_name', 'Escreva seu nome (até 80 letras).');
  const typedWhatsapp = request.whatsapp?.trim() ?? '';
  const typedEmail = request.email?.trim() ?? '';
  if (!typedWhatsapp && !typedEmail) throw invalid('no_contact', 'Informe um WhatsApp ou um e-mail.');
  const whatsapp = typedWhatsapp ? whatsappNumber(typedWhatsapp) : null;
  if (typedWhatsapp && !whatsapp) {
    throw invalid(
      'invalid_whatsapp',
      'Este WhatsApp não parece um celular do Brasil: use o DDD, como (11) 98765-4321.',
    );
  }
  const email = typedEmail ? contactEmail(typedEmail) : null;
  if (typedEmail && !email)
    throw invalid('invalid_email', 'Este e-mail não parece certo: confira, como nome@exemplo.com.');
  return { name, whatsapp, email };
}

/**
 * A guest leaves their contact under the consent text they read (its hash): kept for the days
 * that text says. Sending the same again changes nothing and logs nothing (a retry); a changed
 * contact replaces the earlier one, with a new line in the log. Answers when it goes.
 */
export async function leaveContact(
  db: Database,
  eventName: string,
  agent: string,
  request: LeaveContactRequest,
): Promise<Date> {
  const contact = checkedContact(request);
  return db.transaction(async (client) => {
    // Read under a share lock: the text agreed to is the event's as this contact is written.
    const settings = await settingsOf(client, eventName, 'FOR SHARE');
    if (!settings.guest_contacts) {
      throw conflict('contacts_off', 'Este evento não está recebendo contatos agora.');
    }
    const text = consentText(settings.title, settings.guest_contact_days);
    if (text.hash !== request.consent) {
      throw conflict('consent_changed', 'O texto do consentimento mudou: leia de novo e confirme.');
    }
    await client.query(
      'INSERT INTO consent_texts (hash, version, body) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING',
      [text.hash, text.version, text.body],
    );
    const written = await client.query<{ expires_at: Date }>(
      `INSERT INTO guest_contacts AS c (event_name, agent, name, whatsapp, email, consent_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))
       ON CONFLICT (event_name, agent) DO UPDATE
         SET name = EXCLUDED.name, whatsapp = EXCLUDED.whatsapp, email = EXCLUDED.email,
             consent_hash = EXCLUDED.consent_hash, left_at = now(), expires_at = EXCLUDED.expires_at
         WHERE (c.name, c.whatsapp, c.email, c.consent_hash) IS DISTINCT FROM
               (EXCLUDED.name, EXCLUDED.whatsapp, EXCLUDED.email, EXCLUDED.consent_hash)
       RETURNING c.expires_at`,
      [eventName, agent, contact.name, contact.whatsapp, contact.email, text.hash, settings.guest_contact_days],
    );
    if (written.rows[0]) {
      await logConsent(client, [{ eventName, agent }], 'given', text.hash);
      return written.rows[0].expires_at;
    }
    const kept = await client.query<{ expires_at: Date }>(
      'SELECT expires_at FROM guest_contacts WHERE event_name = $1 AND agent = $2',
      [eventName, agent],
    );
    return kept.rows[0].expires_at;
  });
}

type ConsentAction = 'given' | 'withdrawn' | 'erased' | 'expired';

async function logConsent(
  db: Queryable,
  entries: readonly { eventName: string; agent: string; hash?: string }[],
  action: ConsentAction,
  hash?: string,
): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO contact_consents (event_name, agent, action, consent_hash)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [
      entries.map((entry) => entry.eventName),
      entries.map((entry) => entry.agent),
      entries.map(() => action),
      entries.map((entry) => hash ?? entry.hash ?? null),
    ],
  );
}

/** The contacts a visitor left (the privacy page), newest first. */
export async function contactsOfAgent(db: Queryable, agent: string): Promise<MyContactsReply> {
  const { rows } = await db.query<ContactRow & { event_name: string; title: string }>(
    `SELECT ${CONTACT_COLUMNS}, c.event_name, e.title FROM guest_contacts c JOIN events e ON e.name = c.event_name
      WHERE c.agent = $1 AND c.expires_at > now() ORDER BY c.left_at DESC`,
    [agent],
  );
  return rows.map((row) => ({ ...toContact(row), bname: row.event_name, title: row.title }));
}

/** Deletes contacts and logs why, in the caller's transaction. Answers how many went. */
async function removeContacts(db: Queryable, where: string, values: unknown[], action: ConsentAction): Promise<number> {
  const { rows } = await db.query<{ event_name: string; agent: string; consent_hash: string }>(
    `DELETE FROM guest_contacts WHERE ${where} RETURNING event_name, agent, consent_hash`,
    values,
  );
  await logConsent(
    db,
    rows.map((row) => ({ eventName: row.event_name, agent: row.agent, hash: row.consent_hash })),
    action,
  );
  return rows.length;
}

/** The guest withdraws their consent at one event: the contact goes now, the withdrawal is logged. */
export async function withdrawContact(db: Database, agent: string, eventName: string): Promise<number> {
  return db.transaction((client) =>
    removeContacts(client, 'agent = $1 AND event_name = $2', [agent, eventName], 'withdrawn'),
  );
}

/** 'Apagar minhas fotos': every contact of these agents, in the erasure's transaction. */
export async function eraseContactsOf(db: Queryable, agents: readonly string[]): Promise<number> {
  return removeContacts(db, 'agent = ANY($1::text[])', [agents], 'erased');
}

/** The retention sweep: contacts past their days go (logged), and log lines past CONSENT_LOG_RETENTION_YEARS. */
export async function purgeExpiredContacts(db: Database, now = new Date()): Promise<number> {
  const removed = await db.transaction((client) =>
    removeContacts(client, 'expires_at <= $1::timestamptz', [now.toISOString()], 'expired'),
  );
  await db.query('DELETE FROM contact_consents WHERE at < $1::timestamptz - make_interval(years => $2)', [
    now.toISOString(),
    CONSENT_LOG_RETENTION_YEARS,
  ]);
  return removed;
}
