import { QRCodeSVG } from 'qrcode.react';

/** A Pix code as a QR code, 220 px (SPEC section 9), error-correction level L. Loaded on demand. */
export default function PixQrCode({ value, label }: { value: string; label: string }) {
  return <QRCodeSVG value={value} size={220} level="L" role="img" aria-label={label} />;
}
