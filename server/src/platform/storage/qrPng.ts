import QRCode from 'qrcode';
import sharp from 'sharp';

export interface QrPngOptions {
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  /** Modules of white around the code (the quiet zone). */
  margin: number;
  /** The image's side in pixels, or `scale` pixels per module. */
  size: { width: number } | { scale: number };
  color?: { dark: string; light: string };
}

/**
 * A QR code as a PNG. The `qrcode` package draws the code's SVG and sharp (libvips) turns it into
 * pixels: `qrcode`'s own PNG encoder (pngjs, pure JavaScript, five filters tried on every row) held
 * the event loop for tens of milliseconds per code, a print job's or a Pix answer's, and most of
 * a second in a test's VM context, where every global it reads is looked up the slow way.
 */
export async function qrPng(text: string, options: QrPngOptions): Promise<Buffer> {
  const { errorCorrectionLevel = 'M', margin, size, color = { dark: '#000000', light: '#ffffff' } } = options;
  const width =
    'width' in size
      ? size.width
      : (QRCode.create(text, { errorCorrectionLevel }).modules.size + 2 * margin) * size.scale;
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel, margin, width, color });
  return sharp(Buffer.from(svg)).png().toBuffer();
}
