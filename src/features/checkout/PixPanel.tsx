import { lazy, Suspense, useEffect } from 'react';
import { errorMessage } from '../../api/apiError';
import type { OrderPayload } from '../../../contract/wire';
import { formatReais } from '../../lib/money';
import { copyText } from '../../ui/clipboard';
import { LoadError } from '../../ui/LoadError';
import { notify } from '../../ui/notify';
import { usePlaceOrderMutation } from './checkoutApi';

const PixQr = lazy(() => import(/* webpackChunkName: "pix-qr" */ './PixQr'));

export const PIX_COPIED = 'Chave copiada para a área de transferência';
const COPY_FAILED = 'Não foi possível copiar. Selecione o código e copie manualmente.';

interface Props {
  coupon: string;
  /** The order as it will be registered; the server prices it and answers the code to pay. */
  order: OrderPayload;
  busy: boolean;
  onFinish: () => void;
}

/**
 * SPEC section 2's Pix panel. The code comes from the server's priced order (the provider's
 * `qr_code`, or the local BR Code), so the amount in it is the one the server expects.
 */
export function PixPanel({ coupon, order, busy, onFinish }: Props) {
  const [place, placed] = usePlaceOrderMutation();

  useEffect(() => {
    void place({ coupon, order });
    // One order per panel: the identity (orderId) is the key, the rest is frozen while paying.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place, coupon, order.orderId]);

  const code = placed.data?.pixCode ?? '';

  async function copy() {
    notify((await copyText(code)) ? PIX_COPIED : COPY_FAILED);
  }

  return (
    <section className="checkout__panel" aria-labelledby="pix-panel-title">
      <h2 id="pix-panel-title">Pix</h2>
      {placed.isLoading && <p role="status">Gerando o código Pix...</p>}
      {placed.isError && <LoadError message={errorMessage(placed.error)} onRetry={() => void place({ coupon, order })} />}
      {placed.data && code !== '' && (
        <>
          <p>
            Valor: <strong>{formatReais(placed.data.amount)}</strong>
          </p>
          <div className="pix__qr">
            <Suspense fallback={<div className="pix__qr-placeholder" aria-hidden="true" />}>
              <PixQr value={code} />
            </Suspense>
          </div>
          <label htmlFor="pix-code">Pix copia e cola</label>
          <textarea id="pix-code" className="pix__code" readOnly rows={4} value={code} onFocus={(event) => event.target.select()} />
          <button type="button" className="button" onClick={() => void copy()}>
            Copiar chave
          </button>
          <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={onFinish}>
            {busy ? 'Registrando pedido...' : 'Finalizar pedido'}
          </button>
        </>
      )}
    </section>
  );
}
