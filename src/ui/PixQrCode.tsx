import { QRCodeSVG } from 'qrcode.react';

/**
 * A Pix copy-and-paste code as a QR code: 220 px (docs/product.md#constants-and-limits), error-correction level M,
 * which a phone's banking app reads off a scratched or dim screen. Default export: loaded on demand
 * (`lazyPixQrCode`), so only a screen that shows a Pix code carries qrcode.react.
 */
export default function PixQrCode({ value, label }: { value: string; label: string }) {
  return <QRCodeSVG value={value} size={220} level="M" role="img" aria-label={label} />;
}
