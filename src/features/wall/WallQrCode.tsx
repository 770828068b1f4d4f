import { QRCodeSVG } from 'qrcode.react';

/**
 * The collect link of the medium on the wall, big enough to be read across a room (low correction: fewer, larger
 * modules).
 */
export function WallQrCode({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={256}
      level="L"
      marginSize={2}
      role="img"
      aria-label={label}
      className="wall__qr-code"
    />
  );
}
