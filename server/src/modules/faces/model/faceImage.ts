import sharp from 'sharp';

/** A decoded image: RGB bytes, row by row. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The longest side faces are looked for at: a booth's 2.5 MP photo keeps every face of a group
 * large enough to find, and the detector runs on half the pixels.
 */
export const FACE_IMAGE_SIDE = 1600;

/** Decodes a photo for the face model: turned as its EXIF says, no larger than FACE_IMAGE_SIDE, RGB. */
export async function decodeForFaces(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize({ width: FACE_IMAGE_SIDE, height: FACE_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
