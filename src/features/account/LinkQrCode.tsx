import { QRCodeSVG } from 'qrcode.react';

/** A link as a QR code to show on a screen or print (the event's new link after every guest's access is revoked). */
export default function LinkQrCode({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={160}
      level="M"
      marginSize={2}
      role="img"
      aria-label={label}
      className="link-qr-code"
    />
  );
}
