import { mimeOf } from '../../../../contract/mediaPath';
import type { ObjectStore } from './objectStore';

/**
 * The company's own images (the shop's products and accessories, the AI mirror's mode icons):
 * not an event's, so no event's gate stands in front of them. They live in the object store under
 * `catalogo/` (the data folder's `catalogo/` on the disk, the bucket's with MEDIA_STORE=s3: every
 * server sees the images a seed loaded through any of them) and are served to anyone at
 * `/catalogo/{file}`.
 */
export const CATALOGUE_PREFIX = '/catalogo/';

/** A catalogue file's name: one plain path segment, of an image type browsers show safely (no SVG). */
const CATALOGUE_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(jpe?g|png|webp|gif)$/i;

export function isCatalogueFile(name: string): boolean {
  return CATALOGUE_FILE.test(name);
}

/** Where a catalogue file is kept in the object store. */
export function catalogueKey(file: string): string {
  return `catalogo/${file}`;
}

/** Writes one catalogue image (whole or not at all: a kill never leaves half a file). */
export async function saveCatalogueFile(objects: ObjectStore, file: string, data: Buffer): Promise<void> {
  if (!isCatalogueFile(file)) throw new Error(`not a catalogue file name: ${file}`);
  await objects.put(catalogueKey(file), data, { contentType: mimeOf(file) });
}
