import fs from 'node:fs';
import path from 'node:path';
import type { SeedFile } from '../../../server/src/modules/seed/seedFormat';

/** The demo seed the stack loaded: journeys pick their links from it. */
export function demoSeed(): SeedFile {
  return JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../tools/demoSeed/demo.json'), 'utf8')) as SeedFile;
}

/** The media URLs of one booth of an event, oldest first (as seeded). */
export function seededMedia(event: string, mode: string): string[] {
  return (demoSeed().media ?? [])
    .filter((m) => m.event === event && m.mode === mode)
    .map((m) => `/media/${m.event}/${m.mode}/${m.file}`);
}
