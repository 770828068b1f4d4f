import sharp from 'sharp';
import { mmToPixels, pagePixels, PRINT_DPI, type PrintPaper } from '../../../../../contract/printPaper';
import { decodeOptions, withDecodeTimeout } from '../../../platform/storage/imageLimits';
import { qrPng } from '../../../platform/storage/qrPng';

/** Where a job's print file is kept until it is printed (or its job fails). */
export const printFileKey = (jobId: number) => `prints/${jobId}.jpg`;

/** The white margin around the page, the band under the photo, and the QR code in it (in mm). */
const MARGIN_MM = 4;
const BAND_MM = 20;
const QR_MM = 17;

export interface PrintLayout {
  /** The photo's original bytes. */
  photo: Buffer;
  /** The photo's collect link, absolute: what the QR code says. */
  collectLink: string;
  /** The event's title, printed in the band. */
  title: string;
  paper: PrintPaper;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The band's words: the event's title and what the QR code is for, left of it. */
function bandText(width: number, height: number, title: string): Buffer {
  const titleSize = mmToPixels(5);
  const hintSize = mmToPixels(3);
  const shortTitle = title.length > 40 ? `${title.slice(0, 39)}…` : title;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="0" y="${Math.round(height * 0.45)}" font-family="DejaVu Sans, Liberation Sans, Arial, ` +
      `sans-serif" font-weight="bold" font-size="${titleSize}" fill="#111">${escapeXml(shortTitle)}</text>` +
      `<text x="0" y="${Math.round(height * 0.45) + Math.round(hintSize * 1.8)}" font-family="DejaVu Sans, ` +
      `Liberation Sans, Arial, sans-serif" font-size="${hintSize}" fill="#444">Aponte a câmera para o QR code ` +
      `e guarde esta foto no celular</text>` +
      `</svg>`,
  );
}

/**
 * The file a printer prints for a photo: the page of the event's paper at 300 dpi (landscape for a
 * landscape photo), white, the photo as large as it fits above a band that holds the event's title
 * and, at its right, a small QR code of the photo's collect link: paper leads back to the digital
 * copy. A JPEG that says its 300 dpi, so the printer's driver prints it at its size.
 */
export async function renderPrintFile({ photo, collectLink, title, paper }: PrintLayout): Promise<Buffer> {
  const source = sharp(photo, decodeOptions()).rotate();
  const { width: photoWidth = 1, height: photoHeight = 1, orientation } = await withDecodeTimeout(source.metadata());
  // EXIF orientations 5-8 turn the photo a quarter: its width is its height.
  const turned = orientation !== undefined && orientation >= 5;
  const landscape = (turned ? photoHeight : photoWidth) > (turned ? photoWidth : photoHeight);
  const page = pagePixels(paper, landscape);
  const margin = mmToPixels(MARGIN_MM);
  const band = mmToPixels(BAND_MM);
  const qrSize = mmToPixels(QR_MM);
  const area = { width: page.width - 2 * margin, height: page.height - 2 * margin - band };

  const fitted = await withDecodeTimeout(
    source.resize(area.width, area.height, { fit: 'inside' }).toBuffer({ resolveWithObject: true }),
  );
  const qr = await qrPng(collectLink, { errorCorrectionLevel: 'M', margin: 1, size: { width: qrSize } });
  const bandTop = page.height - margin - band;
  const qrTop = bandTop + Math.round((band - qrSize) / 2);
  const textWidth = page.width - 2 * margin - qrSize - mmToPixels(4);

  return sharp({ create: { width: page.width, height: page.height, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: fitted.data,
        left: margin + Math.round((area.width - fitted.info.width) / 2),
        top: margin + Math.round((area.height - fitted.info.height) / 2),
      },
      { input: bandText(textWidth, band, title), left: margin, top: bandTop },
      { input: qr, left: page.width - margin - qrSize, top: qrTop },
    ])
    .withMetadata({ density: PRINT_DPI })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
