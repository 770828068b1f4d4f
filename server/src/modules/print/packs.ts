import crypto from 'node:crypto';
import { formatPackLiteral } from '../../../../contract/packReply';
import { isPrintable, type MediaRef } from '../../../../contract/mediaPath';
import type { Database, Queryable } from '../../platform/db/database';
import { guardedEvent, isOpenToAll } from '../access';
import { conflict, forbidden, invalid, notFound, unprocessable } from '../../platform/errors';
import { findPrintableMedia } from '../media';
import type { EventName } from '../../../../contract/names';

export interface PackRow {
  hash: string;
  event_name: string | null;
  copies: number;
}

/** The alphabet of generated pack hashes: RFC 4648 base 32, upper case (no look-alike 0/O, 1/I). */
export const PACK_HASH_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 20 characters of 5 random bits each: 100 bits, beyond guessing. */
export const PACK_HASH_LENGTH = 20;

/** A new pack hash: 20 base-32 characters from the system's random source. */
export function newPackHash(): string {
  const bytes = crypto.randomBytes(PACK_HASH_LENGTH);
  // 256 is a multiple of 32: each byte's low 5 bits are uniform.
  return Array.from(bytes, (byte) => PACK_HASH_ALPHABET[byte & 31]).join('');
}

/** How many hashes one validatePacks call may ask about. */
export const MAX_VALIDATE_PACKS = 20;

export const tooManyPacks = () => invalid('too_many_packs', `Consulte no máximo ${MAX_VALIDATE_PACKS} packs por vez.`);

/** What the pack check reads of each pack asked, null for a hash no pack has (kept in memory by the guest routes). */
export async function packRows(db: Queryable, hashes: readonly string[]): Promise<Map<string, PackRow | null>> {
  const found = new Map<string, PackRow | null>(hashes.map((hash) => [hash, null]));
  if (hashes.length === 0) return found;
  const { rows } = await db.query<PackRow>('SELECT hash, event_name, copies FROM packs WHERE hash = ANY($1::text[])', [
    hashes,
  ]);
  for (const row of rows) found.set(row.hash, row);
  return found;
}

/**
 * One single-quoted literal per known pack, in the order asked, each once (docs/api.md#the-contracts-calls),
 * with its event's title (`titleOf`: the title people read of an event name, if any).
 */
export function packLiterals(
  hashes: readonly string[],
  rows: ReadonlyMap<string, PackRow | null>,
  titleOf: (eventName: EventName) => string | undefined,
): string[] {
  const literals: string[] = [];
  for (const hash of new Set(hashes)) {
    const row = rows.get(hash);
    if (!row) continue;
    const eventName = row.event_name ?? '';
    const title = eventName === '' ? undefined : titleOf(eventName);
    literals.push(
      formatPackLiteral({
        hash: row.hash,
        copies: row.copies,
        bname: eventName,
        ...(title === undefined ? {} : { title }),
      }),
    );
  }
  return literals;
}

/**
 * Whether anyone may see the event's photos (read in the print's own transaction, not from the access service's cache).
 */
async function isEventOpenToAll(db: Queryable, eventName: EventName): Promise<boolean> {
  const event = await guardedEvent(db, eventName);
  return event !== null && isOpenToAll(event);
}

/** A print request's own id (`?request=`), made by the SPA once per tap. */
export const PRINT_REQUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Spends one copy and queues the print, in one transaction. The conditional UPDATE takes the
 * row lock, so concurrent prints on one pack queue behind each other and never go below zero.
 * With a request id, the first request spends and records its answer; a replay of the same id
 * (a retry, a double tap) waits for it and answers the same copies without spending again.
 */
export async function printCopy(
  db: Database,
  packHash: string,
  ref: MediaRef,
  requestId: string | null = null,
  /** Runs in the transaction that creates the job (its print file's job is queued there). */
  alongside: (client: Queryable, jobId: number) => Promise<void> = async () => undefined,
): Promise<{ copies: number; jobId: number | null }> {
  return db.transaction(async (client) => {
    // The pack first, and whether it allows the file's event, which the path names: until both are
    // known, nothing is read of the file, so a stranger learns nothing of an event's files.
    const pack = await client.query<PackRow>('SELECT hash, event_name, copies FROM packs WHERE hash = $1', [packHash]);
    if (pack.rowCount === 0) throw notFound('pack_not_found', 'Pack não encontrado.');
    const eventName = pack.rows[0].event_name;
    if (eventName !== null && eventName !== ref.eventName) {
      throw forbidden('wrong_event', 'Este pack é de outro evento.');
    }
    // A pack of no event is the company's own credit, not a party's: it prints what anyone may see,
    // and answers the same for a hidden event as for none (docs/api.md).
    if (eventName === null && !(await isEventOpenToAll(client, ref.eventName))) {
      throw forbidden('pack_without_event', 'Este pack não é de um evento: ele imprime só fotos de eventos públicos.');
    }
    const media = await findPrintableMedia(client, ref);
    if (!media) throw notFound('media_not_found', 'Esta foto não existe.');
    if (media.kind !== 'image' || !isPrintable(media.file)) {
      throw unprocessable('not_printable', 'Somente fotos podem ser impressas.');
    }
    if (requestId !== null) {
      // A concurrent insert of the same id waits here until the first transaction ends.
      const claimed = await client.query(
        'INSERT INTO print_requests (request_id, pack_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [requestId, packHash],
      );
      if (claimed.rowCount === 0) {
        const earlier = await client.query<{ pack_hash: string; copies: number | null; job_id: number | null }>(
          'SELECT pack_hash, copies, job_id FROM print_requests WHERE request_id = $1',
          [requestId],
        );
        const row = earlier.rows[0];
        if (!row || row.pack_hash !== packHash || row.copies === null) {
          throw conflict('request_reused', 'Este pedido de impressão já foi usado com outro pack.');
        }
        return { copies: row.copies, jobId: row.job_id };
      }
    }
    const spent = await client.query<{ copies: number }>(
      'UPDATE packs SET copies = copies - 1 WHERE hash = $1 AND copies > 0 RETURNING copies',
      [packHash],
    );
    if (spent.rowCount === 0) throw conflict('no_copies', 'Este pacote não possui cópias suficientes');
    const job = await client.query<{ id: number }>(
      'INSERT INTO print_jobs (pack_hash, media_id) VALUES ($1, $2) RETURNING id',
      [packHash, media.id],
    );
    await alongside(client, job.rows[0].id);
    if (requestId !== null) {
      await client.query('UPDATE print_requests SET copies = $2, job_id = $3 WHERE request_id = $1', [
        requestId,
        spent.rows[0].copies,
        job.rows[0].id,
      ]);
    }
    return { copies: spent.rows[0].copies, jobId: job.rows[0].id };
  });
}
