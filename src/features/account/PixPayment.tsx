import { PixCode } from '../../ui/PixCode';

/** How to pay a Pix order still waiting: its QR code, and its copy-and-paste code with a copy button. */
export function PixPayment({ orderId, code }: { orderId: string; code: string }) {
  return <PixCode code={code} qrLabel={`QR code Pix do pedido ${orderId}`} copyLabel="Copiar código Pix" />;
}
