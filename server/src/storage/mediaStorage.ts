import path from 'node:path';
import sharp from 'sharp';
import { videoPosterFrame } from './videoPoster';
import { isValidFileName, mediaKind, type MediaKind, type MediaRef } from '../../../src/lib/mediaPath';
import { MEDIA_MODES } from '../../../src/lib/modes';
import { NAME_PATTERN } from '../../../src/lib/names';
import { invalid, unprocessable } from '../domain/errors';
import { writeFileDurably } from './durableWrite';

export const THUMB_SIZE = 360;

export interface StoredMedia {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  hasThumb: boolean;
}

/** Where media files live: `{mediaDir}/{bname}/{mode}/{file}` and their thumbnails beside. */
export interface MediaStorage {
  mediaDir: string;
  thumbsDir: string;
  save(ref: MediaRef, data: Buffer): Promise<StoredMedia>;
}

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

function checkRef(ref: MediaRef): void {
  if (!NAME_PATTERN.test(ref.bname) || !(MEDIA_MODES as readonly string[]).includes(ref.mode) || !isValidFileName(ref.file)) {
    throw invalid('invalid_media_name', 'Nome de arquivo inválido.');
  }
}

function looksLikeVideo(data: Buffer, file: string): boolean {
  if (/\.webm$/i.test(file)) return data.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  return data.length > 12 && data.subarray(4, 8).toString('latin1') === 'ftyp';
}

/** The gallery tile of an image or a poster frame: upright, at most THUMB_SIZE a side, WebP. */
function thumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image, { animated: false })
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 68 })
    .toBuffer();
}

export function createMediaStorage(dataDir: string): MediaStorage {
  const mediaDir = path.join(dataDir, 'media');
  const thumbsDir = path.join(dataDir, 'thumbs');

  return {
    mediaDir,
    thumbsDir,
    async save(ref, data) {
      checkRef(ref);
      const kind = mediaKind(ref.file);
      if (!kind) throw unprocessable('unsupported_media', 'Tipo de arquivo não suportado.');
      if (data.length === 0) throw invalid('empty_media', 'Arquivo vazio.');

      let width: number | null = null;
      let height: number | null = null;
      let thumb: Buffer | null = null;
      if (kind === 'video') {
        if (!looksLikeVideo(data, ref.file)) throw unprocessable('unsupported_media', 'O arquivo não é um vídeo válido.');
        // Its poster frame is its thumbnail, and the player's poster.
        const frame = await videoPosterFrame(data);
        const poster = frame ? await sharp(frame).metadata().catch(() => null) : null;
        if (frame && poster?.width && poster.height) {
          width = poster.width;
          height = poster.height;
          thumb = await thumbnail(frame);
        }
      } else {
        // Decoding proves the bytes are the image the name claims; anything else is refused.
        const metadata = await sharp(data).metadata().catch(() => null);
        const expected = kind === 'gif' ? 'gif' : null;
        if (!metadata?.format || !IMAGE_FORMATS.has(metadata.format) || (expected && metadata.format !== expected)) {
          throw unprocessable('unsupported_media', 'O arquivo não é uma imagem válida.');
        }
        width = metadata.autoOrient?.width ?? metadata.width ?? null;
        height = metadata.autoOrient?.height ?? metadata.height ?? null;
        thumb = await thumbnail(data);
      }

      // The thumbnail first: once the original exists, its thumbnail does too.
      if (thumb) await writeFileDurably(path.join(thumbsDir, ref.bname, ref.mode, `${ref.file}.webp`), thumb);
      await writeFileDurably(path.join(mediaDir, ref.bname, ref.mode, ref.file), data);
      return { kind, width, height, hasThumb: thumb !== null };
    },
  };
}
