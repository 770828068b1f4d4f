import jsQR from 'jsqr';
import sharp from 'sharp';
import { qrPng } from '../../server/src/platform/storage/qrPng';

/** What a phone's camera reads in the image, and the image's side. */
async function read(png: Buffer): Promise<{ text: string | null; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return { text: found?.data ?? null, width: info.width, height: info.height };
}

describe('a QR code as a PNG', () => {
  it("is the requested side, and reads back as its text (a print's collect link)", async () => {
    const link = 'https://cabine.example/collect?id=festa_ana%2Fpad%2Ffoto-0001.jpg';
    const png = await qrPng(link, { margin: 1, size: { width: 201 } });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await read(png)).toEqual({ text: link, width: 201, height: 201 });
  });

  it("at a scale, is that many pixels per module with its quiet zone (a Pix code's image)", async () => {
    const code = '00020126360014br.gov.bcb.pix0114+55119876543215204000053039865406228.005802BR6304ABCD';
    const png = await qrPng(code, { margin: 4, size: { scale: 4 } });
    expect((await read(png)).text).toBe(code);
    // The top left finder's first row: white for the quiet zone (4 modules), then 7 dark modules, 4 pixels each.
    const { data, info } = await sharp(png)
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(1);
    const row = Array.from(data.subarray(17 * info.width, 18 * info.width), (grey) => (grey < 128 ? 1 : 0));
    expect(row.indexOf(1)).toBe(16);
    expect(row.indexOf(0, 16)).toBe(16 + 28);
    // A QR code is 17 + 4v modules wide (v its version), plus the quiet zone.
    expect((info.width / 4 - 8 - 17) % 4).toBe(0);
  });
});
