import { lazy, Suspense, useId } from 'react';
import { useCopy } from '../../ui/clipboard';

// qrcode.react stays in its own chunk: only an order waiting for a Pix transfer loads it.
const PixQrCode = lazy(() => import(/* webpackChunkName: "pix-qrcode" */ './PixQrCode'));

export const PIX_COPIED = 'Chave copiada para a área de transferência';
export const PIX_NOT_COPIED = 'Não foi possível copiar. Selecione o código e copie manualmente.';

/** How to pay a Pix order still waiting: its QR code, and its copy-and-paste code with a copy button. */
export function PixPayment({ orderId, code }: { orderId: string; code: string }) {
  const codeId = useId();
  const { copied, copy } = useCopy();

  return (
    <div className="pix">
      <Suspense fallback={<p className="pix__loading">Carregando QR code...</p>}>
        <PixQrCode value={code} label={`QR code Pix do pedido ${orderId}`} />
      </Suspense>
      <label htmlFor={codeId} className="pix__label">
        Pix copia e cola
      </label>
      <textarea id={codeId} className="pix__code" readOnly rows={3} value={code} onFocus={(event) => event.currentTarget.select()} />
      <button type="button" className="button button--secondary" onClick={() => void copy(code)}>
        Copiar código Pix
      </button>
      <p role="status" className="pix__copied">
        {copied === true && PIX_COPIED}
        {copied === false && PIX_NOT_COPIED}
      </p>
    </div>
  );
}
