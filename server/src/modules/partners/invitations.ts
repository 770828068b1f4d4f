import { invitationHashTime } from '../../../../contract/invitationHash';
import type { Database, Queryable } from '../../platform/db/database';
import { ensureAccount, type Identity } from '../identity';
import { conflict, gone, invalid, notFound, tooMany } from '../../platform/errors';
import { partnerNameStatus } from './partners';

/** How far the moment a hash says it was made may be from now when the team registers it. */
const HASH_CLOCK_TOLERANCE_MS = 24 * 60 * 60 * 1000;
/** An invitation can be accepted for this long after the team registered it. */
const INVITATION_LIFETIME_DAYS = 7;
/** Failed guesses of an account within the window, after which it is refused for a while. */
const MAX_FAILED_ATTEMPTS = 5;
const ATTEMPT_WINDOW_MINUTES = 15;

/**
 * authorize_hash: the team reserves a partner name under an invitation hash the screen made
 * (contract/invitationHash.ts; the schema has checked its shape). Refused: a hash whose timestamp
 * is more than a day away from now (400), a hash already registered (409), a name an account
 * already holds (409). Errors are in English, as the team screens are.
 */
export async function authorizeHash(
  db: Database,
  partnerName: string,
  hash: string,
  createdBy: string,
  now = Date.now(),
): Promise<void> {
  if (!(Math.abs(invitationHashTime(hash) - now) <= HASH_CLOCK_TOLERANCE_MS))
    throw invalid('invalid_hash', 'Invalid invitation hash');
  await db.transaction(async (client) => {
    const status = await partnerNameStatus(client, partnerName, { team: true });
    if (status === 'wrong')
      throw invalid('invalid_partner', 'Use only letters, numbers, hyphens (-), and underlines (_)');
    if (status === 'taken') throw conflict('name_taken', 'Name already exists');
    await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [partnerName]);
    const inserted = await client.query(
      'INSERT INTO invitations (hash, partner_name, created_by) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING',
      [hash, partnerName, createdBy],
    );
    if (!inserted.rowCount) throw conflict('hash_taken', 'This invitation hash is already registered');
  });
}

/**
 * Opens an attempt of `uid` to accept an invitation, or refuses it (429) when the account made
 * MAX_FAILED_ATTEMPTS failed (or still running) attempts in the last ATTEMPT_WINDOW_MINUTES.
 * The row is written before the hash is looked up, under a lock of the account, so that guesses
 * sent all at once count as much as guesses sent one after the other.
 */
async function openAttempt(db: Database, uid: string): Promise<number> {
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`invitation-attempts:${uid}`]);
    await client.query(
      'DELETE FROM invitation_attempts WHERE uid = $1 AND attempted_at <= now() - make_interval(mins => $2)',
      [uid, ATTEMPT_WINDOW_MINUTES],
    );
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invitation_attempts WHERE uid = $1 AND attempted_at > now() - ' +
        'make_interval(mins => $2)',
      [uid, ATTEMPT_WINDOW_MINUTES],
    );
    if (rows[0].n >= MAX_FAILED_ATTEMPTS)
      throw tooMany('too_many_attempts', 'Muitas tentativas. Tente novamente em alguns minutos.');
    const inserted = await client.query<{ id: number }>(
      'INSERT INTO invitation_attempts (uid) VALUES ($1) RETURNING id',
      [uid],
    );
    return inserted.rows[0].id;
  });
}

/** The invitation was found: the attempt was no guess. */
async function closeAttempt(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM invitation_attempts WHERE id = $1', [id]);
}

type Acceptance = 'linked' | 'unknown' | 'used' | 'expired' | 'name_taken';

/**
 * authorize_partner: the invited user accepts; their account becomes the partner's. An
 * invitation is single use and good for INVITATION_LIFETIME_DAYS; an unknown hash, or a hash of
 * another partner, is a failed guess, and too many of them lock the account for a while (see
 * openAttempt), a right hash included. Messages in Portuguese: the invitation screen is.
 */
export async function acceptInvitation(
  db: Database,
  identity: Identity,
  partnerName: string,
  hash: string,
): Promise<void> {
  const attempt = await openAttempt(db, identity.uid);
  let outcome: Acceptance;
  try {
    outcome = await db.transaction(async (client): Promise<Acceptance> => {
      const { rows } = await client.query<{ partner_name: string; used_by: string | null; expired: boolean }>(
        `SELECT partner_name, used_by, created_at <= now() - make_interval(days => $2) AS expired
           FROM invitations WHERE hash = $1 FOR UPDATE`,
        [hash, INVITATION_LIFETIME_DAYS],
      );
      const invitation = rows[0];
      if (!invitation || invitation.partner_name !== partnerName) return 'unknown';
      // Accepting one's own invitation again is harmless (a second tap, a reload).
      if (invitation.used_by !== null && invitation.used_by !== identity.uid) return 'used';
      if (invitation.used_by === null && invitation.expired) return 'expired';
      // Two invitations of one name accepted at once: the partner row makes them take turns.
      await client.query('SELECT 1 FROM partners WHERE name = $1 FOR NO KEY UPDATE', [partnerName]);
      const other = await client.query('SELECT 1 FROM accounts WHERE partner = $1 AND uid <> $2', [
        partnerName,
        identity.uid,
      ]);
      if (other.rowCount) return 'name_taken';
      await ensureAccount(client, identity);
      await client.query('UPDATE accounts SET partner = $1, updated_at = now() WHERE uid = $2', [
        partnerName,
        identity.uid,
      ]);
      await client.query('UPDATE invitations SET used_by = $1, used_at = now() WHERE hash = $2', [identity.uid, hash]);
      await closeAttempt(client, attempt);
      return 'linked';
    });
  } catch (error) {
    // Not the caller's guess that failed, but us: it does not count.
    await closeAttempt(db, attempt);
    throw error;
  }
  // A failed guess keeps its row: it counts towards the lock.
  if (outcome === 'unknown') throw notFound('invitation_not_found', 'Convite inválido.');
  if (outcome === 'linked') return;
  await closeAttempt(db, attempt);
  if (outcome === 'used') throw conflict('invitation_used', 'Este convite já foi usado.');
  if (outcome === 'expired') throw gone('invitation_expired', 'Este convite expirou. Peça um novo à equipe.');
  throw conflict('name_taken', 'Este parceiro já tem uma conta.');
}
