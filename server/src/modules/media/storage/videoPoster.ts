import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** ffmpeg, from FFMPEG_PATH or the PATH (Debian's `ffmpeg` package; scripts/install-system-deps.sh). */
function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FFMPEG_PATH || 'ffmpeg';
}

const FRAME_LIMIT_BYTES = 32 * 1024 * 1024;

/** One frame as PNG, `seconds` into the video, or null when ffmpeg gives none in time. */
function frameAt(ffmpeg: string, file: string, seconds: number, timeoutMs: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      'pipe:1',
    ];
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FRAME_LIMIT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.once('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && size > 0 && size <= FRAME_LIMIT_BYTES ? Buffer.concat(chunks) : null);
    });
  });
}

/**
 * A poster frame for a video: a frame one second in (the first one for a shorter clip), so that
 * each 360 video is told apart by its picture. Null when ffmpeg is missing, the video cannot be
 * decoded or it takes longer than `timeoutMs`: the video is kept all the same, with a plain tile.
 */
export async function videoPosterFrame(
  data: Buffer,
  { ffmpeg = ffmpegPath(), timeoutMs = 20_000 } = {},
): Promise<Buffer | null> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'poster-'));
  try {
    // A file, not a pipe: an MP4 may keep its index at the end, which ffmpeg must seek to.
    const file = path.join(dir, 'video');
    await fs.promises.writeFile(file, data);
    return (await frameAt(ffmpeg, file, 1, timeoutMs)) ?? (await frameAt(ffmpeg, file, 0, timeoutMs));
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
