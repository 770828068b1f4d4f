import sharp from 'sharp';
import { MAX_FACE_BYTES } from '../../../../contract/wire';
import type { Database } from '../../platform/db/database';
import { decodeOptions } from '../../platform/storage/imageLimits';
import { isObjectKey, type ObjectStore } from '../../platform/storage/objectStore';
import { invalid, tooLarge, unprocessable } from '../../platform/errors';

/*
 * Face captures (`uploadFace`): the checks a capture passes before anything decodes it, and the
 * deletion of the face images kept before face search, which keeps none: their rows
 * and files go at the visitor's request, with an erasure, or FACE_RETENTION_DAYS after they came.
 */

/** A face capture is at most this many pixels wide and high (and MAX_FACE_BYTES long). */
const MAX_FACE_SIDE = 4096;
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
  const tooManyPixels = () =>
    tooLarge('face_too_many_pixels', `A foto passa de ${MAX_FACE_SIDE}×${MAX_FACE_SIDE} pixels. Envie uma foto menor.`);
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
export async function removeFaceFiles(
  objects: ObjectStore,
  files: readonly string[],
  agents: readonly string[] = [],
): Promise<void> {
  await removeFiles(objects, files);
  for (const agent of agents) if (AGENT.test(agent)) await objects.removeAll(agentPrefix(agent));
}

/**
 * The retention promise: every face sent more than `days` days before `now` goes, rows and files.
 * Safe to run on every app server at once (each row is deleted, and its file removed, once).
 * Answers how many went.
 */
export async function deleteExpiredFaces(
  db: Database,
  objects: ObjectStore,
  now = new Date(),
  days = FACE_RETENTION_DAYS,
): Promise<number> {
  const { rows } = await db.query<{ file: string }>(
    `DELETE FROM faces WHERE created_at < $1::timestamptz - make_interval(days => $2) RETURNING file`,
    [now.toISOString(), days],
  );
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
