import fs from 'node:fs';
import path from 'node:path';

/**
 * Files of the demo media that the simulated mirror and 360 platform send as their results.
 * They are drawn by scripts/make-demo-media.ts and committed with the seed.
 */
const DEMO_MEDIA = path.resolve(__dirname, '../demoSeed/media');

const MIRROR_RESULTS = ['anime', 'heroi', 'oleo'] as const;
const VIDEOS = ['festa_ana/360/giro-01.mp4', 'festa_ana/360/giro-02.mp4'];

/** Lower case without accents: "Super-herói" and "super heroi" pick the same picture. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The demo "AI" picture for a mirror mode; modes it does not know get one by turns. */
export function mirrorResultFile(mode: string, turn: number): string {
  const name = plain(mode);
  const style = MIRROR_RESULTS.find((s) => name.includes(s)) ?? MIRROR_RESULTS[turn % MIRROR_RESULTS.length];
  return path.join(DEMO_MEDIA, 'espelho', `resultado-${style}.jpg`);
}

export function ultraVideoFile(turn: number): string {
  return path.join(DEMO_MEDIA, VIDEOS[turn % VIDEOS.length]);
}

/** Reads a demo file, with a hint when the media were never generated. */
export function readDemoFile(file: string): Buffer {
  if (!fs.existsSync(file))
    throw new Error(`arquivo de demonstração não encontrado: ${file} (gere com "npx tsx scripts/make-demo-media.ts")`);
  return fs.readFileSync(file);
}
