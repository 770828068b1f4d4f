import { formatPackLiteral } from '../../../src/lib/packReply';
import { isPrintable, type MediaRef } from '../../../src/lib/mediaPath';
import type { Database } from '../db/database';
import { conflict, forbidden, notFound, unprocessable } from './errors';
import { findMedia } from './media';

interface PackRow {
  hash: string;
  event_name: string | null;
  copies: number;
}

/** One single-quoted literal per known pack, in the order asked (ARCHITECTURE section 3). */
export async function validatePacks(db: Database, hashes: string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  const { rows } = await db.query<PackRow>(
    'SELECT hash, event_name, copies FROM packs WHERE hash = ANY($1::text[]) ORDER BY array_position($1::text[], hash)',
    [hashes],
  );
  return rows.map((row) => formatPackLiteral({ hash: row.hash, copies: row.copies, bname: row.event_name ?? '' }));
}

/**
 * Spends one copy and queues the print, in one transaction. The conditional UPDATE takes the
 * row lock, so concurrent prints on one pack queue behind each other and never go below zero.
 */
export async function printCopy(db: Database, packHash: string, ref: MediaRef): Promise<{ copies: number; jobId: number }> {
  const media = await findMedia(db, ref);
  if (!media) throw notFound('media_not_found', 'Esta foto não existe.');
  if (media.kind !== 'image' || !isPrintable(media.file)) {
    throw unprocessable('not_printable', 'Somente fotos podem ser impressas.');
  }
  return db.transaction(async (client) => {
    const pack = await client.query<PackRow>('SELECT hash, event_name, copies FROM packs WHERE hash = $1', [packHash]);
    if (pack.rowCount === 0) throw notFound('pack_not_found', 'Pacote não encontrado.');
    const eventName = pack.rows[0].event_name;
    if (eventName !== null && eventName !== media.event_name) {
      throw forbidden('wrong_event', 'Este pacote é de outro evento.');
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
    return { copies: spent.rows[0].copies, jobId: job.rows[0].id };
  });
}
