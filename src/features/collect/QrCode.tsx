import { QRCodeSVG } from 'qrcode.react';

/** The spec's QR defaults: size 128, error-correction level L. */
export default function QrCode({ value, size = 128 }: { value: string; size?: number }) {
  return <QRCodeSVG value={value} size={size} level="L" role="img" aria-label="QR code do link desta foto" />;
}
