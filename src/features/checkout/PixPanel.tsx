import { lazy, Suspense } from 'react';
import { formatReais } from '../../lib/money';
import { useAppDispatch } from '../../session';
import { copyText } from '../../ui/clipboard';
import { LoadError } from '../../ui/LoadError';
import { notify } from '../../ui/notify';
import { pixRetried, submitted, type PixPanelState } from './checkoutSlice';

const PixQr = lazy(() => import(/* webpackChunkName: "pix-qr" */ './PixQr'));

export const PIX_COPIED = 'Chave copiada para a área de transferência';
const COPY_FAILED = 'Não foi possível copiar. Selecione o código e copie manualmente.';

/**
 * SPEC section 2's Pix panel, as the checkout machine tells it: the order is placed as the panel
 * opens (checkoutFlow.ts), and its code comes from the server's priced order (the provider's
 * `qr_code`, or the local BR Code), so the amount in it is the one the server expects.
 */
export function PixPanel({ state }: { state: PixPanelState }) {
  const dispatch = useAppDispatch();
  const code = state.status === 'pix' ? state.pix.code : '';

  async function copy() {
    notify((await copyText(code)) ? PIX_COPIED : COPY_FAILED);
  }

  return (
    <section className="checkout__panel" aria-labelledby="pix-panel-title">
      <h2 id="pix-panel-title">Pix</h2>
      {state.status === 'pixLoading' && <p role="status">Gerando o código Pix...</p>}
      {state.status === 'pixFailed' && <LoadError message={state.message} onRetry={() => dispatch(pixRetried())} />}
      {state.status === 'pix' && code !== '' && (
        <>
          <p>
            Valor: <strong>{formatReais(state.pix.amount)}</strong>
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
          <button type="button" className="button button--primary" onClick={() => dispatch(submitted(null))}>
            Finalizar pedido
          </button>
        </>
      )}
    </section>
  );
}
