import crypto from 'node:crypto';
import sharp from 'sharp';
import { MAX_FACE_BYTES } from '../../../contract/wire';
import type { Database } from '../db/database';
import { decodeOptions, withDecodeTimeout } from '../storage/imageLimits';
import { isObjectKey, type ObjectStore } from '../storage/objectStore';
import { invalid, tooLarge, tooMany, unprocessable } from './errors';

/** A face capture is at most this many pixels wide and high (and MAX_FACE_BYTES long). */
const MAX_FACE_SIDE = 4096;
/** The longest side a face is kept at (issue 25): a capture is downscaled to it before it is stored. */
const STORED_FACE_SIDE = 1024;
/** A visitor keeps at most this many faces: a new one replaces the oldest. */
const MAX_FACES_PER_AGENT = 5;
/** Uploads per minute: per visitor, and per address (a venue's guests share its Wi-Fi). */
export const FACE_UPLOADS_PER_AGENT = 10;
export const FACE_UPLOADS_PER_IP = 60;
/** A face capture is deleted this many days after it was sent (the privacy page promises it). */
export const FACE_RETENTION_DAYS = 30;

const DATA_URL_PREFIX = /^data:image\/(jpeg|png|webp);base64,/;
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;

/**
 * A data URL's type and payload. Not one regular expression over the whole string: a greedy
 * loop over megabytes of base64 fills V8's backtracking stack and throws (a 500) depending on
 * how deep the call happens; a search for one wrong character keeps no such stack.
 */
function splitDataUrl(dataUrl: string): [type: string, payload: string] | null {
  const prefix = DATA_URL_PREFIX.exec(dataUrl);
  if (!prefix) return null;
  const payload = dataUrl.slice(prefix[0].length);
  return payload.length > 0 && !NOT_BASE64.test(payload) ? [prefix[1], payload] : null;
}
const FORMATS = new Set(['jpeg', 'png', 'webp']);
const WRONG_TYPE = 'Envie uma foto JPEG, PNG ou WebP.';

/** A face's key in the object store: its row's file (`{agent}/{name}.jpg`) under `faces/`. */
const faceKey = (file: string) => `faces/${file}`;
/** A visitor's faces (the agent matches [A-Za-z0-9_-]+: one segment). */
const agentPrefix = (agent: string) => `faces/${agent}/`;
const AGENT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The bytes of a face capture, checked before anything decodes them: the data URL must say JPEG,
 * PNG or WebP and hold at most MAX_FACE_BYTES; the image's header (read without decoding a pixel)
 * must be one of those formats and at most MAX_FACE_SIDE on each side.
 */
export async function checkedFace(dataUrl: string): Promise<Buffer> {
  const parts = splitDataUrl(dataUrl);
  if (!parts) throw invalid('invalid_image', WRONG_TYPE);
  const match = ['', ...parts] as const;
  // Base64 holds 3 bytes in 4 characters: refuse what is too long before decoding it.
  if (Math.floor((match[2].length * 3) / 4) - (match[2].match(/=+$/)?.[0].length ?? 0) > MAX_FACE_BYTES) {
    throw tooLarge('face_too_large', 'A foto passa de 5 MB. Envie uma foto menor.');
  }
  const bytes = Buffer.from(match[2], 'base64');
  const tooManyPixels = () => tooLarge('face_too_many_pixels', `A foto passa de ${MAX_FACE_SIDE}×${MAX_FACE_SIDE} pixels. Envie uma foto menor.`);
  // Over the pixel limit, libvips refuses even to describe the header: that is "too large" too.
  const header = await sharp(bytes, decodeOptions(MAX_FACE_SIDE * MAX_FACE_SIDE))
    .metadata()
    .catch((error: unknown) => {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
      return null;
    });
  if (!header) throw unprocessable('invalid_image', 'Imagem inválida.');
  if (!FORMATS.has(header.format)) throw unprocessable('unsupported_image', WRONG_TYPE);
  const { width, height } = header;
  if (!width || !height) throw unprocessable('invalid_image', 'Imagem inválida.');
  if (width > MAX_FACE_SIDE || height > MAX_FACE_SIDE) {
    throw tooManyPixels();
  }
  return bytes;
}

/**
 * A face capture (`uploadFace`) of the visitor `agent`: checked (checkedFace), decoded under the
 * same pixel limit, kept as an upright JPEG under `faces/{agent}/` of the object store (the data
 * folder, or the bucket every server shares), indexed under the agent. A visitor keeps their
 * newest MAX_FACES_PER_AGENT faces; older ones are deleted.
 */
export async function saveFace(db: Database, objects: ObjectStore, agent: string, dataUrl: string, quotaBytes: number): Promise<void> {
  const bytes = await checkedFace(dataUrl);
  const image = await withDecodeTimeout(
    sharp(bytes, decodeOptions(MAX_FACE_SIDE * MAX_FACE_SIDE))
      .rotate()
      // What a face search needs, and no more of a person's face than that.
      .resize({ width: STORED_FACE_SIDE, height: STORED_FACE_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer()
      .catch(() => null),
  );
  if (!image) throw unprocessable('invalid_image', 'Imagem inválida.');

  const file = `${agent}/${Date.now()}-${crypto.randomBytes(6).toString('hex')}.jpg`;
  // A person's face: on the disk, readable by the server alone.
  await objects.put(faceKey(file), image, { private: true, contentType: 'image/jpeg' });
  let replaced: string[];
  try {
    replaced = await db.transaction(async (client) => {
      // One upload of a visitor at a time, so that the cap holds under concurrent uploads.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`faces:${agent}`]);
      // The folder's quota, across every visitor and app server: one upload at a time is counted.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('faces:quota'))");
      const { rows: held } = await client.query<{ bytes: string }>('SELECT coalesce(sum(bytes), 0)::text AS bytes FROM faces');
      if (Number(held[0].bytes) + image.length > quotaBytes) {
        throw tooMany('faces_full', 'Recebemos muitas fotos de rosto agora. Tente de novo mais tarde.');
      }
      await client.query('INSERT INTO faces (name, file, bytes) VALUES ($1, $2, $3)', [agent, file, image.length]);
      const { rows } = await client.query<{ file: string }>(
        `DELETE FROM faces WHERE id IN (
           SELECT id FROM faces WHERE name = $1 ORDER BY created_at DESC, id DESC OFFSET $2
         ) RETURNING file`,
        [agent, MAX_FACES_PER_AGENT],
      );
      return rows.map((row) => row.file);
    });
  } catch (error) {
    await objects.remove(faceKey(file));
    throw error;
  }
  await removeFiles(objects, replaced);
}

/** `DELETE /faces/{agent}`: every face of the visitor, rows and files. Answers how many there were. */
export async function deleteFaces(db: Database, objects: ObjectStore, agent: string): Promise<number> {
  const { rows } = await db.query<{ file: string }>('DELETE FROM faces WHERE name = $1 RETURNING file', [agent]);
  await removeFiles(
    objects,
    rows.map((row) => row.file),
  );
  // The visitor's folder goes too, with anything a killed upload left in it.
  if (AGENT.test(agent)) await objects.removeAll(agentPrefix(agent));
  return rows.length;
}

/**
 * Deletes the files of face rows already deleted (in a transaction that has committed), and the
 * folders of `agents`, which hold nothing else.
 */
export async function removeFaceFiles(objects: ObjectStore, files: readonly string[], agents: readonly string[] = []): Promise<void> {
  await removeFiles(objects, files);
  for (const agent of agents) if (AGENT.test(agent)) await objects.removeAll(agentPrefix(agent));
}

/**
 * The retention promise: every face sent more than `days` days before `now` goes, rows and files.
 * Safe to run on every app server at once (each row is deleted, and its file removed, once).
 * Answers how many went.
 */
export async function deleteExpiredFaces(db: Database, objects: ObjectStore, now = new Date(), days = FACE_RETENTION_DAYS): Promise<number> {
  const { rows } = await db.query<{ file: string }>(`DELETE FROM faces WHERE created_at < $1::timestamptz - make_interval(days => $2) RETURNING file`, [
    now.toISOString(),
    days,
  ]);
  await removeFiles(
    objects,
    rows.map((row) => row.file),
  );
  return rows.length;
}

/** Deletes face files named by their rows, never anything outside the faces folder. */
async function removeFiles(objects: ObjectStore, files: readonly string[]): Promise<void> {
  for (const file of files) if (isObjectKey(file)) await objects.remove(faceKey(file));
}
