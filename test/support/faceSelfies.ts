import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Real faces for the tests of face search: the group photos @vladmandic/face-api ships
 * in its package (demo/sample1..6.jpg, 3 to 5 faces each), and selfies made of them as a phone
 * would send one.
 */
export const FACE_DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** The bytes of demo photo `n` (1..6). */
export const demoPhoto = (n: number): Buffer => fs.readFileSync(path.join(FACE_DEMO, `sample${n}.jpg`));

/** A box as the model gives it: relative to the photo's size (0..1). */
export type RelativeBox = readonly [x: number, y: number, width: number, height: number];

/**
 * A selfie of one face of a photo: cropped with a face's width of margin around it, as a phone
 * frames a face, `width` px wide, recompressed as a JPEG.
 */
export async function faceCrop(
  photo: Buffer,
  [x, y, w, h]: RelativeBox,
  { width = 640, quality = 80 } = {},
): Promise<Buffer> {
  const size = await sharp(photo).metadata();
  const photoWidth = size.width ?? 0;
  const photoHeight = size.height ?? 0;
  const left = Math.max(0, Math.round((x - w) * photoWidth));
  const top = Math.max(0, Math.round((y - h) * photoHeight));
  const right = Math.min(photoWidth, Math.round((x + 2 * w) * photoWidth));
  const bottom = Math.min(photoHeight, Math.round((y + 2 * h) * photoHeight));
  return sharp(photo)
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize({ width })
    .jpeg({ quality })
    .toBuffer();
}

/** Bytes as the face screen sends them: a data URL. */
export const dataUrl = (bytes: Buffer, type = 'image/jpeg'): string =>
  `data:${type};base64,${bytes.toString('base64')}`;

/**
 * A capture with faces in it, for tests of the upload itself (its checks, limits, who may send
 * it): demo photo 1 at `width` px, as a JPEG data URL (or `format`). The largest face is the
 * selfie's.
 */
export async function photoWithFaces({
  width = 640,
  format = 'jpeg' as 'jpeg' | 'png' | 'webp',
} = {}): Promise<string> {
  const bytes = await sharp(demoPhoto(1)).resize({ width }).toFormat(format).toBuffer();
  return dataUrl(bytes, `image/${format}`);
}
