import path from 'node:path';
import { writeFileDurably } from './durableWrite';

/**
 * The company's own images (the shop's products and accessories, the AI mirror's mode icons):
 * not an event's, so no event's gate stands in front of them. They live in `{dataDir}/catalogo`
 * and are served to anyone at `/catalogo/{file}`.
 */
export const CATALOGUE_PREFIX = '/catalogo/';

/** A catalogue file's name: one plain path segment, of an image type browsers show safely (no SVG). */
const CATALOGUE_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(jpe?g|png|webp|gif)$/i;

export function isCatalogueFile(name: string): boolean {
  return CATALOGUE_FILE.test(name);
}

export function catalogueDirOf(dataDir: string): string {
  return path.join(dataDir, 'catalogo');
}

/** Writes one catalogue image (whole or not at all: a kill never leaves half a file). */
export async function saveCatalogueFile(dir: string, file: string, data: Buffer): Promise<void> {
  if (!isCatalogueFile(file)) throw new Error(`not a catalogue file name: ${file}`);
  await writeFileDurably(path.join(dir, file), data);
}
