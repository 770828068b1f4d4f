import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createMediaStorage, THUMB_SIZE } from '../../server/src/modules/media/storage/mediaStorage';
import { videoPosterFrame } from '../../server/src/modules/media/storage/videoPoster';

const SEED_MEDIA = path.resolve(__dirname, '../../tools/demoSeed/media/festa_ana/360');
const giro = (n: number) => fs.readFileSync(path.join(SEED_MEDIA, `giro-0${n}.mp4`));

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poster-test-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A small grey picture of the poster, to tell two posters apart. */
async function fingerprint(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(8, 8, { fit: 'fill' }).greyscale().raw().toBuffer();
}

describe('video posters', () => {
  it('stores a real frame of an arriving video as its WebP thumbnail, and records its size', async () => {
    const storage = createMediaStorage(dataDir);
    const stored = await storage.save({ eventName: 'festa_ana', mode: '360', file: 'giro-01.mp4' }, giro(1));
    expect(stored).toMatchObject({ kind: 'video', hasThumb: true });
    expect(stored.width).toBeGreaterThan(0);
    expect(stored.height).toBeGreaterThan(0);
    const thumb = fs.readFileSync(path.join(dataDir, 'thumbs/festa_ana/360/giro-01.mp4.webp'));
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(THUMB_SIZE);
    // A picture, not a flat tile.
    const { channels } = await sharp(thumb).stats();
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(5);
  });

  it('tells two videos apart by their posters', async () => {
    const [one, two] = await Promise.all([videoPosterFrame(giro(1)), videoPosterFrame(giro(2))]);
    expect(one).not.toBeNull();
    expect(two).not.toBeNull();
    const [a, b] = await Promise.all([fingerprint(one as Buffer), fingerprint(two as Buffer)]);
    const difference = a.reduce((sum, value, i) => sum + Math.abs(value - b[i]), 0) / a.length;
    expect(difference).toBeGreaterThan(3);
  });

  it('keeps a video without a poster when ffmpeg is missing or the bytes do not decode', async () => {
    expect(await videoPosterFrame(giro(1), { ffmpeg: path.join(dataDir, 'no-ffmpeg') })).toBeNull();
    const broken = Buffer.concat([giro(1).subarray(0, 64), Buffer.alloc(4096)]);
    expect(await videoPosterFrame(broken)).toBeNull();
    const stored = await createMediaStorage(dataDir).save(
      { eventName: 'festa_ana', mode: '360', file: 'quebrado.mp4' },
      broken,
    );
    expect(stored).toMatchObject({ kind: 'video', hasThumb: false });
    expect(fs.existsSync(path.join(dataDir, 'media/festa_ana/360/quebrado.mp4'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'thumbs/festa_ana/360/quebrado.mp4.webp'))).toBe(false);
  });
});
