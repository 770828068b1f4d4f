import sharp from 'sharp';
import { mediaKind, type MediaKind, type MediaRef } from '../../../../../contract/mediaPath';
import { invalid, tooLarge, unprocessable } from '../../../platform/errors';
import { decodeOptions, MAX_INPUT_PIXELS, overPixelLimit } from '../../../platform/storage/imageLimits';

/** What a stored file is, as its header says (a video's size is known once its poster is made). */
export interface StoredMedia {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  hasThumb: boolean;
}

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** Enough of a video's first bytes to tell its kind (an MP4's `ftyp` box at 4, WebM's EBML magic at 0). */
export const VIDEO_HEADER_BYTES = 16;

export const TOO_MANY_PIXELS = () =>
  tooLarge('media_too_many_pixels', `A imagem passa de ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);

export const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** The kind of media a file's name says, refusing a name of no kind and an empty file. */
export function knownKind(ref: MediaRef, data: Buffer): MediaKind {
  const kind = mediaKind(ref.file);
  if (!kind) throw unprocessable('unsupported_media', 'Tipo de arquivo não suportado.');
  if (data.length === 0) throw invalid('empty_media', 'Arquivo vazio.');
  return kind;
}

export function looksLikeVideo(data: Buffer, file: string): boolean {
  if (/\.webm$/i.test(file)) return data.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  return data.length > 12 && data.subarray(4, 8).toString('latin1') === 'ftyp';
}

/** Refuses what is not the media its name says, by its header alone (nothing decoded). */
export async function describeMedia(ref: MediaRef, data: Buffer, maxPixels: number): Promise<StoredMedia> {
  const kind = knownKind(ref, data);
  if (kind === 'video') {
    if (!looksLikeVideo(data, ref.file)) throw unprocessable('unsupported_media', 'O arquivo não é um vídeo válido.');
    return { kind, width: null, height: null, hasThumb: false };
  }
  // A header over the pixel limit makes libvips refuse even to describe it.
  const metadata = await sharp(data, decodeOptions(maxPixels))
    .metadata()
    .catch((error: unknown) => {
      if (isPixelLimitError(error)) throw TOO_MANY_PIXELS();
      return null;
    });
  const expected = kind === 'gif' ? 'gif' : null;
  if (!metadata?.format || !IMAGE_FORMATS.has(metadata.format) || (expected && metadata.format !== expected)) {
    throw unprocessable('unsupported_media', 'O arquivo não é uma imagem válida.');
  }
  // The header alone tells the size: refuse before decoding a pixel.
  if (overPixelLimit(metadata.width, metadata.height, maxPixels)) throw TOO_MANY_PIXELS();
  return {
    kind,
    width: metadata.autoOrient?.width ?? metadata.width ?? null,
    height: metadata.autoOrient?.height ?? metadata.height ?? null,
    hasThumb: false,
  };
}

/** The refusal of a file its event's folder has no room for. */
export const eventMediaFull = (maxEventFiles: number) =>
  tooLarge('event_media_full', `A pasta deste evento já tem ${maxEventFiles} arquivos: não cabe mais nenhum.`);
