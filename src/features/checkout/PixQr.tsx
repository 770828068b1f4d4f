import { QRCodeSVG } from 'qrcode.react';

/** SPEC section 9: the Pix QR is 220 px. Loaded with the Pix panel only. */
export default function PixQr({ value }: { value: string }) {
  return <QRCodeSVG value={value} size={220} level="M" role="img" aria-label="QR code do Pix deste pedido" />;
}
