/**
 * The demo's 360 videos: each frame drawn as SVG, rendered by sharp and encoded by ffmpeg (H.264, bit-exact), so
 * that a re-run writes the same bytes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { spinFrame, type SpinOptions } from '../../tools/booth/art/spin';
import { svgDocument } from '../../tools/booth/art/svg';
import { rgbFrame } from '../../tools/booth/encode';

/** What a video shows; its size, rate and length are the same for every demo video. */
export type SpinVideo = Omit<SpinOptions, 'angle' | 'width' | 'height'>;

const VIDEO = { width: 480, height: 854, fps: 25, seconds: 3 };

export function hasFfmpeg(): boolean {
  return !spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).error;
}

/** Renders the frames with sharp and pipes them, raw, into ffmpeg's H.264 encoder. */
export async function renderVideo(file: string, video: SpinVideo): Promise<void> {
  const { width, height, fps, seconds } = VIDEO;
  const frames = fps * seconds;
  const ffmpeg = spawn(
    'ffmpeg',
    // bitexact and one thread: the same bytes on every run and every machine with this ffmpeg.
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${width}x${height}`,
      '-r',
      String(fps),
      '-i',
      '-',
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      '32',
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'main',
      '-threads',
      '1',
      '-movflags',
      '+faststart',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-map_metadata',
      '-1',
      file,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  // If ffmpeg dies, writing to it fails too; the 'close' handler below reports why.
  ffmpeg.stdin.on('error', () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg saiu com código ${code} ao gerar ${file}`)),
    );
  });
  for (let i = 0; i < frames; i++) {
    // Eases in and out, like a platform that speeds up and then slows down: 3/4 of a turn.
    const t = i / (frames - 1);
    const angle = (1 - Math.cos(t * Math.PI)) * 0.5 * Math.PI * 1.5;
    const svg = svgDocument(width, height, spinFrame({ ...video, width, height, angle }));
    const raw = await rgbFrame(svg);
    if (!ffmpeg.stdin.write(raw)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
  }
  ffmpeg.stdin.end();
  await done;
}
