import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { createFaceEngine } from '../../../server/src/modules/faces/model/faceEngine';
import { demoPhoto, faceCrop } from '../../support/faceSelfies';
import { launchBrowser } from './browser';

/** The size of the fake camera's picture: a phone's front camera at VGA. */
const WIDTH = 640;
const HEIGHT = 480;

/**
 * A still picture as Chromium's fake camera plays it (`--use-file-for-fake-video-capture`): a
 * Y4M video of a few identical frames (Chromium plays it in a loop), 4:2:0 with full-range
 * BT.601 colours ("C420jpeg"), written from sharp's RGB pixels (no ffmpeg needed). The picture
 * is fitted into 640x480 over grey, as a phone's camera frames a face.
 */
async function writeFakeCamera(image: Buffer, file: string, frames = 5): Promise<void> {
  const { data } = await sharp(image)
    .resize({ width: WIDTH, height: HEIGHT, fit: 'contain', background: '#808080' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let row = 0; row < HEIGHT; row += 1) {
    for (let column = 0; column < WIDTH; column += 1) {
      const at = (row * WIDTH + column) * 3;
      y[row * WIDTH + column] = clamp(0.299 * data[at] + 0.587 * data[at + 1] + 0.114 * data[at + 2]);
    }
  }
  // Each chroma sample is the mean of its 2x2 block.
  for (let row = 0; row < HEIGHT / 2; row += 1) {
    for (let column = 0; column < WIDTH / 2; column += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]) {
        const at = ((row * 2 + dy) * WIDTH + column * 2 + dx) * 3;
        r += data[at];
        g += data[at + 1];
        b += data[at + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[row * (WIDTH / 2) + column] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[row * (WIDTH / 2) + column] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Chromium whose camera plays a guest's face; `close` also removes the video file. */
export interface FaceCameraBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Chromium with a fake camera showing one guest's face (permission granted): the largest face of
 * demo photo 4 of the face model's package, framed as a phone's selfie (found by the model
 * itself, in this process).
 */
export async function browserWithFaceCamera(): Promise<FaceCameraBrowser> {
  const engine = createFaceEngine();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'camera-'));
  const file = path.join(folder, 'rosto.y4m');
  try {
    const faces = await engine.findFaces(demoPhoto(4));
    const [largest] = [...faces].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
    await writeFakeCamera(await faceCrop(demoPhoto(4), largest.box), file);
  } finally {
    await engine.close();
  }
  const browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ]);
  return {
    browser,
    close: async () => {
      await browser.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * On the face screen, consent given: opens the camera and takes the selfie once the camera runs (how soon is the fake
 * camera's business).
 */
export async function takeSelfie(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Concordo' }).check();
  await page.getByRole('button', { name: 'Abrir a câmera' }).click();
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Take image');
    return button !== undefined && !button.disabled;
  });
  await page.getByRole('button', { name: 'Take image' }).click();
}
