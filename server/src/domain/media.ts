import { mediaUrl, type MediaKind, type MediaRef } from '../../../src/lib/mediaPath';
import type { MediaMode } from '../../../src/lib/modes';
import type { Queryable } from '../db/database';

export interface MediaRow {
  id: number;
  event_name: string;
  mode: MediaMode;
  file: string;
  kind: MediaKind;
  device_id: string | null;
}

const toUrl = (row: Pick<MediaRow, 'event_name' | 'mode' | 'file'>) =>
  mediaUrl({ bname: row.event_name, mode: row.mode, file: row.file });

/** A booth's media URLs, oldest first (the SPA shows them newest first). */
export async function listMedia(db: Queryable, bname: string, mode: MediaMode): Promise<string[]> {
  const { rows } = await db.query<MediaRow>(
    'SELECT event_name, mode, file FROM media WHERE event_name = $1 AND mode = $2 ORDER BY created_at, id',
    [bname, mode],
  );
  return rows.map(toUrl);
}

/** The newest media a device uploaded for an event: zero or one URL. */
export async function deviceLastMedia(db: Queryable, bname: string, device: string): Promise<string[]> {
  const { rows } = await db.query<MediaRow>(
    `SELECT event_name, mode, file FROM media WHERE device_id = $1 AND event_name = $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [device, bname],
  );
  return rows.map(toUrl);
}

export async function findMedia(db: Queryable, ref: MediaRef): Promise<MediaRow | null> {
  const { rows } = await db.query<MediaRow>('SELECT * FROM media WHERE event_name = $1 AND mode = $2 AND file = $3', [
    ref.bname,
    ref.mode,
    ref.file,
  ]);
  return rows[0] ?? null;
}

export interface NewMedia extends MediaRef {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  hasThumb: boolean;
  deviceId: string | null;
}

/** Indexes a stored file; a second upload of the same name is the same item. */
export async function insertMedia(db: Queryable, media: NewMedia): Promise<MediaRow> {
  const { rows } = await db.query<MediaRow>(
    `INSERT INTO media (event_name, mode, file, kind, width, height, has_thumb, device_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (event_name, mode, file) DO UPDATE SET has_thumb = EXCLUDED.has_thumb
     RETURNING *`,
    [media.bname, media.mode, media.file, media.kind, media.width, media.height, media.hasThumb, media.deviceId],
  );
  return rows[0];
}
