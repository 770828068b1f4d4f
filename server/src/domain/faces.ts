import crypto from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import type { Queryable } from '../db/database';
import { writeFileDurably } from '../storage/durableWrite';
import { invalid, unprocessable } from './errors';

const DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/=]+)$/;

/**
 * A face capture (`uploadFace`): the data URL must hold a JPEG, PNG or WebP that decodes; it is
 * kept as a JPEG, upright, in `{dataDir}/faces`, and indexed under the visitor's name.
 */
export async function saveFace(db: Queryable, dataDir: string, name: string, dataUrl: string): Promise<void> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw invalid('invalid_image', 'Imagem inválida.');
  const image = await sharp(Buffer.from(match[2], 'base64'))
    .rotate()
    .jpeg({ quality: 85 })
    .toBuffer()
    .catch(() => null);
  if (!image) throw unprocessable('invalid_image', 'Imagem inválida.');
  const file = `${Date.now()}-${crypto.randomBytes(6).toString('hex')}.jpg`;
  await writeFileDurably(path.join(dataDir, 'faces', file), image);
  await db.query('INSERT INTO faces (name, file) VALUES ($1, $2)', [name.trim(), file]);
}
